import { lazy } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { HomePage } from '../features/search/components/HomePage';
import { RequireAuth } from './guards';
import { RootLayout } from './layout/RootLayout';

/*
 * Declarative routes rather than a data router: the data router costs about 18 KB more gzipped JavaScript
 * on the home page, which has a 100 KB budget (DESIGN.md section 6). Home is part of the entry (it is the
 * first screen most people see, so it should not wait for a second request); every other screen is a lazy chunk.
 */
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const JobPage = named(() => import('../features/jobs/components/JobPage'), 'JobPage');
const SignInPage = named(() => import('../features/auth/components/SignInPage'), 'SignInPage');
const SignUpPage = named(() => import('../features/auth/components/SignUpPage'), 'SignUpPage');
const AboutPage = named(() => import('./pages/AboutPage'), 'AboutPage');
const ProfilePage = named(() => import('../features/profile/components/ProfilePage'), 'ProfilePage');
const PostJobPage = named(() => import('../features/jobs/components/PostJobPage'), 'PostJobPage');
const EditJobPage = named(() => import('../features/jobs/components/EditJobPage'), 'EditJobPage');
const MyJobsPage = named(() => import('../features/jobs/components/MyJobsPage'), 'MyJobsPage');
const AppliedJobsPage = named(() => import('../features/applications/components/AppliedJobsPage'), 'AppliedJobsPage');
const ResponsesPage = named(() => import('../features/applications/components/ResponsesPage'), 'ResponsesPage');
const NotFoundPage = named(() => import('./pages/NotFoundPage'), 'NotFoundPage');

/** Page names of the breadcrumb (Home > name) and the document title; home has none. */
export const CRUMBS: readonly { path: string; crumb: string }[] = [
  { path: '/job/:id', crumb: 'Job Details' },
  { path: '/sign-in', crumb: 'Sign In' },
  { path: '/sign-up', crumb: 'Sign Up' },
  { path: '/about', crumb: 'About' },
  { path: '/profile', crumb: 'Profile' },
  { path: '/post-job', crumb: 'Post a Job' },
  { path: '/edit-job/:id', crumb: 'Edit Job' },
  { path: '/my-job', crumb: 'My Jobs' },
  { path: '/jobs-applied', crumb: 'Applied Jobs' },
  { path: '/responses', crumb: 'Responses' },
];

export function crumbFor(pathname: string): string | undefined {
  if (pathname === '/') return undefined;
  return CRUMBS.find((entry) => matchPath(entry.path, pathname))?.crumb ?? 'Page Not Found';
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="job/:id" element={<JobPage />} />
        <Route path="sign-in" element={<SignInPage />} />
        <Route path="sign-up" element={<SignUpPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route element={<RequireAuth />}>
          <Route path="profile" element={<ProfilePage />} />
          <Route path="post-job" element={<PostJobPage />} />
          <Route path="edit-job/:id" element={<EditJobPage />} />
          <Route path="my-job" element={<MyJobsPage />} />
          <Route path="jobs-applied" element={<AppliedJobsPage />} />
          <Route path="responses" element={<ResponsesPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

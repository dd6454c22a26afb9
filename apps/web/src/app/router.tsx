import type { SearchQuery } from '@jobboard/shared';
import { Route, Routes } from 'react-router';
import { AlertMeButton } from '../features/alerts/components/AlertMeButton';
import { HomePage } from '../features/search/components/HomePage';
import { lazyScreen } from '../lib/lazy-screen';
import { GuestOnly, RequireAuth } from './guards';
import { RootLayout } from './layout/RootLayout';

/*
 * Declarative routes rather than a data router: the data router costs about 18 KB more gzipped JavaScript
 * on the home page, which has a 105 KB budget (docs/principles.md, "Search and performance"). Home is part of the entry (it is the
 * first screen most people see, so it should not wait for a second request); every other screen is a lazy chunk.
 */
const JobPage = lazyScreen(() => import('../features/jobs/components/JobPage'), 'JobPage');
const CompanyPage = lazyScreen(
  () => import('../features/companies/components/CompanyPage'),
  'CompanyPage',
  'companies',
);
const InvitationsPage = lazyScreen(
  () => import('../features/companies/components/InvitationsPage'),
  'InvitationsPage',
  'companies',
);
const SignInPage = lazyScreen(() => import('../features/auth/components/SignInPage'), 'SignInPage', 'auth');
const SignUpPage = lazyScreen(() => import('../features/auth/components/SignUpPage'), 'SignUpPage', 'auth');
const ForgotPasswordPage = lazyScreen(
  () => import('../features/auth/components/ForgotPasswordPage'),
  'ForgotPasswordPage',
  'auth',
);
const ResetPasswordPage = lazyScreen(
  () => import('../features/auth/components/ResetPasswordPage'),
  'ResetPasswordPage',
  'auth',
);
const VerifyEmailPage = lazyScreen(
  () => import('../features/auth/components/VerifyEmailPage'),
  'VerifyEmailPage',
  'auth',
);
const AboutPage = lazyScreen(() => import('./pages/AboutPage'), 'AboutPage', 'pages');
const PrivacyPage = lazyScreen(() => import('./pages/SitePage'), 'PrivacyPage', 'pages');
const TermsPage = lazyScreen(() => import('./pages/SitePage'), 'TermsPage', 'pages');
const SettingsPage = lazyScreen(
  () => import('../features/moderation/components/SettingsPage'),
  'SettingsPage',
  'moderation',
);
const SitePagesPage = lazyScreen(
  () => import('../features/moderation/components/SitePagesPage'),
  'SitePagesPage',
  'moderation',
);
const ProfilePage = lazyScreen(() => import('../features/profile/components/ProfilePage'), 'ProfilePage', 'profile');
const PostJobPage = lazyScreen(() => import('../features/jobs/components/PostJobPage'), 'PostJobPage', 'jobs');
const EditJobPage = lazyScreen(() => import('../features/jobs/components/EditJobPage'), 'EditJobPage', 'jobs');
const MyJobsPage = lazyScreen(() => import('../features/jobs/components/MyJobsPage'), 'MyJobsPage', 'jobs');
const AppliedJobsPage = lazyScreen(
  () => import('../features/applications/components/AppliedJobsPage'),
  'AppliedJobsPage',
  'applications',
);
const SavedJobsPage = lazyScreen(
  () => import('../features/saved-jobs/components/SavedJobsPage'),
  'SavedJobsPage',
  'saved-jobs',
);
const ResponsesPage = lazyScreen(
  () => import('../features/applications/components/ResponsesPage'),
  'ResponsesPage',
  'applications',
);
const CandidatePage = lazyScreen(
  () => import('../features/conversations/components/CandidatePage'),
  'CandidatePage',
  'conversations',
);
const MessagesPage = lazyScreen(
  () => import('../features/conversations/components/MessagesPage'),
  'MessagesPage',
  'conversations',
);
const AlertsPage = lazyScreen(() => import('../features/alerts/components/AlertsPage'), 'AlertsPage', 'alerts');
const UnsubscribePage = lazyScreen(
  () => import('../features/alerts/components/UnsubscribePage'),
  'UnsubscribePage',
  'alerts',
);
const AdminPage = lazyScreen(() => import('../features/moderation/components/AdminPage'), 'AdminPage', 'moderation');
const AuditLogPage = lazyScreen(
  () => import('../features/moderation/components/AuditLogPage'),
  'AuditLogPage',
  'moderation',
);
const AdminConsole = lazyScreen(
  () => import('../features/moderation/components/AdminConsole'),
  'AdminConsole',
  'moderation',
);
const UsersPage = lazyScreen(() => import('../features/moderation/components/UsersPage'), 'UsersPage', 'moderation');
const UserDetailPage = lazyScreen(
  () => import('../features/moderation/components/UserDetailPage'),
  'UserDetailPage',
  'moderation',
);
const JobsConsolePage = lazyScreen(
  () => import('../features/moderation/components/JobsConsolePage'),
  'JobsConsolePage',
  'moderation',
);
const CompaniesConsolePage = lazyScreen(
  () => import('../features/moderation/components/CompaniesConsolePage'),
  'CompaniesConsolePage',
  'moderation',
);
const ReportsPage = lazyScreen(
  () => import('../features/moderation/components/ReportsPage'),
  'ReportsPage',
  'moderation',
);
const NotFoundPage = lazyScreen(() => import('./pages/NotFoundPage'), 'NotFoundPage');

/**
 * The search results' "Alert me", and the empty result's "Create an alert" (features do not import each other:
 * the app hands it to the home page).
 */
const alertMe = (query: SearchQuery, placement?: 'empty') => <AlertMeButton query={query} placement={placement} />;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage resultsAction={alertMe} />} />
        <Route path="job/:id" element={<JobPage />} />
        <Route path="company/:slug" element={<CompanyPage />} />
        <Route element={<GuestOnly />}>
          <Route path="sign-in" element={<SignInPage />} />
          <Route path="sign-up" element={<SignUpPage />} />
        </Route>
        {/* Opened from mailed links, signed in or not (a reset link may open in a browser with a session). */}
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        {/* An alert e-mail's unsubscribe link works without a session. */}
        <Route path="unsubscribe" element={<UnsubscribePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route element={<RequireAuth />}>
          <Route path="profile" element={<ProfilePage />} />
          <Route path="post-job" element={<PostJobPage />} />
          <Route path="edit-job/:id" element={<EditJobPage />} />
          <Route path="my-job" element={<MyJobsPage />} />
          <Route path="jobs-applied" element={<AppliedJobsPage />} />
          <Route path="saved-jobs" element={<SavedJobsPage />} />
          <Route path="responses" element={<ResponsesPage />} />
          {/* One application's thread and interviews: the team's candidate page, the candidate's side (decision 42). */}
          <Route path="candidates/:id" element={<CandidatePage />} />
          <Route path="messages/:id" element={<MessagesPage />} />
          <Route path="alerts" element={<AlertsPage />} />
          {/* The administrators' console (issue 34): one layout, a screen per section. */}
          <Route path="admin" element={<AdminConsole />}>
            <Route index element={<AdminPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="users/:id" element={<UserDetailPage />} />
            <Route path="jobs" element={<JobsConsolePage />} />
            <Route path="companies" element={<CompaniesConsolePage />} />
            <Route path="reports" element={<ReportsPage />} />
            <Route path="audit" element={<AuditLogPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="pages" element={<SitePagesPage />} />
          </Route>
          {/* A company invitation's mailed link, and the list of one's invitations. */}
          <Route path="company-invitation" element={<InvitationsPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

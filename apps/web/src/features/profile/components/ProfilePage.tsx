import { DEFAULT_AVATAR_URL, MESSAGES } from '@jobboard/shared';
import { Camera, LogOut, Trash2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { confirmDialog, showError, showSuccess } from '../../../components/ui/dialogs';
import { TextField } from '../../../components/ui/Field';
import { PageTitle } from '../../../components/ui/PageTitle';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { errorMessage } from '../../../lib/api';
import { useAppStore } from '../../../lib/store';
import { deleteUserRequest, signOutRequest, updateUserRequest, uploadAvatar } from '../api/profile';
import { changedProfileFields, isAcceptableAvatar, profileFormFromUser, type ProfileFormValues } from './profile-logic';

export const AVATAR_UPLOADED = 'Image successfully uploaded!';

type UploadState = { kind: 'idle' } | { kind: 'running'; percent: number } | { kind: 'done' } | { kind: 'error' };

export function ProfilePage() {
  const navigate = useNavigate();
  const store = useAppStore();
  const currentUser = store.user.currentUser;
  const [values, setValues] = useState<ProfileFormValues | null>(currentUser ? profileFormFromUser(currentUser) : null);
  const [upload, setUpload] = useState<UploadState>({ kind: 'idle' });
  const [note, setNote] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  if (!currentUser || !values) return null;

  const set = (field: keyof ProfileFormValues) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptableAvatar(file)) {
      setUpload({ kind: 'error' });
      return;
    }
    setUpload({ kind: 'running', percent: 0 });
    try {
      const url = await uploadAvatar(file, (percent) => setUpload({ kind: 'running', percent }));
      setValues((current) => (current ? { ...current, avatar: url } : current));
      setUpload({ kind: 'done' });
    } catch {
      setUpload({ kind: 'error' });
    }
  };

  const onUpdate = async (event: FormEvent) => {
    event.preventDefault();
    setNote(null);
    const body = changedProfileFields(currentUser, values);
    if (Object.keys(body).length === 0) {
      setNote('Nothing to update: change a field first.');
      return;
    }
    store.updateUserStart();
    try {
      const user = await updateUserRequest(currentUser._id, body);
      store.updateUserSuccess(user);
      setValues(profileFormFromUser(user));
      void showSuccess(MESSAGES.userUpdated);
    } catch (error) {
      const message = errorMessage(error);
      store.updateUserFailure(message);
      void showError(MESSAGES.profileUpdateFailed, message);
    }
  };

  const onDelete = async () => {
    const confirmed = await confirmDialog(MESSAGES.confirmTitle, MESSAGES.confirmDeleteAccountText, MESSAGES.confirmDeleteAccountButton);
    if (!confirmed) return;
    store.deleteUserStart();
    try {
      await deleteUserRequest(currentUser._id);
      store.deleteUserSuccess();
      navigate('/');
      void showSuccess(MESSAGES.userDeleted);
    } catch (error) {
      const message = errorMessage(error, MESSAGES.deleteUserFailed);
      store.deleteUserFailure(message);
      void showError(message || MESSAGES.deleteUserFailed);
    }
  };

  const onSignOut = async () => {
    store.signOutStart();
    try {
      await signOutRequest();
      store.signOutSuccess();
      navigate('/sign-in');
    } catch (error) {
      store.signOutFailure(errorMessage(error));
    }
  };

  const avatarSrc = values.avatar || DEFAULT_AVATAR_URL;
  const busy = store.user.loading;

  return (
    <section className="mx-auto max-w-lg">
      <PageTitle subtitle="Keep your details and resume link up to date.">Profile</PageTitle>
      <form onSubmit={(event) => void onUpdate(event)} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-col items-center gap-2">
          <input
            ref={fileInput}
            id="avatar-file"
            type="file"
            accept="image/*"
            hidden
            onChange={(event) => void onFile(event)}
            data-testid="avatar-file"
          />
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            className="group relative rounded-full"
            aria-label="Change profile picture"
          >
            <img src={avatarSrc} alt="" className="h-24 w-24 rounded-full border-4 border-white object-cover shadow dark:border-slate-800" />
            <span className="absolute bottom-0 right-0 flex h-8 w-8 items-center justify-center rounded-full bg-teal-700 text-white shadow">
              <Camera size={16} aria-hidden="true" />
            </span>
          </button>
          <p className="min-h-5 text-sm" role="status" data-testid="upload-status">
            {upload.kind === 'error' ? <span className="text-red-700 dark:text-red-300">{MESSAGES.avatarUploadFailed}</span> : null}
            {upload.kind === 'running' ? <span className="text-slate-700 dark:text-slate-300">{`Uploading ${upload.percent}%`}</span> : null}
            {upload.kind === 'done' ? <span className="text-green-700 dark:text-green-300">{AVATAR_UPLOADED}</span> : null}
          </p>
        </div>
        <TextField id="name" label="Name" autoComplete="name" value={values.name} onChange={set('name')} />
        <TextField id="username" label="Username" autoComplete="username" value={values.username} onChange={set('username')} />
        <TextField id="email" label="Email" type="email" autoComplete="email" value={values.email} onChange={set('email')} />
        <PasswordInput
          id="password"
          label="Password"
          autoComplete="new-password"
          placeholder="Leave empty to keep your password"
          value={values.password}
          onChange={set('password')}
        />
        <TextField
          id="resume"
          label="Resume link"
          type="url"
          inputMode="url"
          placeholder="https://example.com/my-resume.pdf"
          value={values.resume}
          onChange={set('resume')}
        />
        <Button type="submit" className="w-full py-2.5" disabled={busy || upload.kind === 'running'}>
          {busy ? 'Loading...' : 'Update'}
        </Button>
        {note ? (
          <p role="status" className="text-center text-sm text-slate-700 dark:text-slate-300">
            {note}
          </p>
        ) : null}
      </form>
      <div className="mt-6 flex justify-between gap-3">
        <Button variant="danger" onClick={() => void onDelete()} disabled={busy}>
          <Trash2 size={16} aria-hidden="true" />
          Delete Account
        </Button>
        <Button variant="secondary" onClick={() => void onSignOut()} disabled={busy}>
          <LogOut size={16} aria-hidden="true" />
          Sign Out
        </Button>
      </div>
      {store.user.error ? (
        <p role="alert" className="mt-4 text-center text-sm text-red-700 dark:text-red-300">
          {store.user.error}
        </p>
      ) : null}
    </section>
  );
}

import { DEFAULT_AVATAR_URL, MESSAGES } from '@jobboard/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Camera, LogOut, Trash2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { AccountFields } from '../../../components/account/AccountFields';
import { useAccountForm } from '../../../components/account/use-account-form';
import { Button } from '../../../components/ui/Button';
import { confirmWithPassword, showError, showSuccess } from '../../../components/ui/dialogs';
import { PageTitle } from '../../../components/ui/PageTitle';
import { serverText } from '../../../components/server-text';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser, type SessionUser } from '../../../lib/session';
import { AvatarUploadError, useDeleteUser, useSaveAvatar, useSignOut, useUpdateUser } from '../api/profile';
import { changedProfileFields, isAcceptableAvatar, needsCurrentPassword, profileFormFromUser } from './profile-logic';
import { useMutateOnce } from '../../../lib/single-flight';
import { CandidateDetails } from './CandidateDetails';
import { StoredCvs } from './StoredCvs';
import { YourData } from './YourData';

export const AVATAR_UPLOADED = msg`Image successfully uploaded!`;

const FIELDS = ['name', 'username', 'email', 'password', 'currentPassword', 'resume'] as const;

type UploadState =
  { kind: 'idle' } | { kind: 'running'; percent: number } | { kind: 'done' } | { kind: 'error'; message: string };

/**
 * Why an avatar did not take: the image itself (the spec's message), a refusal that is about the account (an
 * address not confirmed yet, too many uploads: the server's own words), or a stored image the profile did not keep.
 */
function avatarErrorText(error: unknown): string {
  if (!(error instanceof AvatarUploadError)) return MESSAGES.profileUpdateFailed;
  return error.status === 403 || error.status === 429 ? error.message : MESSAGES.avatarUploadFailed;
}

/** Under RequireAuth, so a user is there; the form keeps its own copy of the fields until Update. */
export function ProfilePage() {
  const currentUser = useCurrentUser();
  if (!currentUser) return null;
  return (
    <>
      <ProfileForm user={currentUser} />
      <CandidateDetails userId={currentUser._id} />
      <StoredCvs userId={currentUser._id} />
      <YourData />
    </>
  );
}

/** The picture, saved on its own as soon as it is uploaded: it is always the signed-in user's. */
function AvatarPicker({ user, onBusy }: { user: SessionUser; onBusy: (busy: boolean) => void }) {
  const { t, i18n } = useLingui();
  const [upload, setUploadState] = useState<UploadState>({ kind: 'idle' });
  const setUpload = (next: UploadState) => {
    setUploadState(next);
    onBusy(next.kind === 'running');
  };
  const fileInput = useRef<HTMLInputElement>(null);
  const percent = upload.kind === 'running' ? upload.percent : 0;
  const saveAvatar = useSaveAvatar(user._id, (percent) => setUpload({ kind: 'running', percent }));

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptableAvatar(file)) {
      setUpload({ kind: 'error', message: MESSAGES.avatarUploadFailed });
      return;
    }
    setUpload({ kind: 'running', percent: 0 });
    saveAvatar.mutate(file, {
      onSuccess: () => setUpload({ kind: 'done' }),
      onError: (error) => setUpload({ kind: 'error', message: avatarErrorText(error) }),
    });
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <input
        ref={fileInput}
        id="avatar-file"
        type="file"
        accept="image/*"
        hidden
        onChange={onFile}
        data-testid="avatar-file"
      />
      <button
        type="button"
        onClick={() => fileInput.current?.click()}
        className="group relative rounded-full"
        aria-label={t`Change profile picture`}
        aria-describedby="avatar-hint"
        disabled={upload.kind === 'running'}
      >
        <img
          src={user.avatar || DEFAULT_AVATAR_URL}
          alt=""
          className="h-24 w-24 rounded-full border-4 border-white object-cover shadow dark:border-slate-800"
        />
        <span className="absolute bottom-0 end-0 flex h-8 w-8 items-center justify-center rounded-full bg-teal-700 text-white shadow">
          <Camera size={16} aria-hidden="true" />
        </span>
      </button>
      <p id="avatar-hint" className="text-xs text-slate-600 dark:text-slate-300">
        <Trans>A new picture is saved as soon as it is uploaded.</Trans>
      </p>
      <p className="min-h-5 text-sm" role="status" data-testid="upload-status">
        {upload.kind === 'error' ? (
          <span className="text-red-700 dark:text-red-300">{serverText(i18n, upload.message)}</span>
        ) : null}
        {upload.kind === 'running' ? (
          <span className="text-slate-700 dark:text-slate-300">{t`Uploading ${percent}%`}</span>
        ) : null}
        {upload.kind === 'done' ? (
          <span className="text-green-700 dark:text-green-300">{i18n._(AVATAR_UPLOADED)}</span>
        ) : null}
      </p>
    </div>
  );
}

/** Delete Account (with the password again) and Sign Out, below the form. */
function AccountActions({
  user,
  busy,
  onError,
}: {
  user: SessionUser;
  busy: boolean;
  onError: (message: string) => void;
}) {
  const { t, i18n } = useLingui();
  const say = (text: string) => serverText(i18n, text);
  const deleteUser = useDeleteUser(user._id);
  const signOut = useSignOut();
  const onDelete = async () => {
    const currentPassword = await confirmWithPassword(
      say(MESSAGES.confirmTitle),
      say(MESSAGES.confirmDeleteAccountText),
      say(MESSAGES.confirmDeleteAccountButton),
    );
    if (currentPassword === undefined) return;
    deleteUser.mutate(currentPassword, {
      // The guard takes the app home (useDeleteUser).
      onSuccess: () => void showSuccess(say(MESSAGES.userDeleted)),
      onError: (error) =>
        void showError(errorMessage(error, MESSAGES.deleteUserFailed) || say(MESSAGES.deleteUserFailed)),
    });
  };
  const onSignOut = () => {
    // On success the guard takes the app to the sign-in screen (useSignOut).
    signOut.mutate(undefined, { onError: (error) => onError(errorMessage(error)) });
  };
  const disabled = busy || deleteUser.isPending || signOut.isPending;
  return (
    <div className="mt-6 flex flex-wrap justify-between gap-3">
      <Button variant="danger" onClick={() => void onDelete()} disabled={disabled}>
        <Trash2 size={16} aria-hidden="true" />
        <Trans>Delete Account</Trans>
      </Button>
      <Button variant="secondary" onClick={onSignOut} disabled={disabled}>
        <LogOut size={16} aria-hidden="true" />
        {signOut.isPending ? t`Loading...` : t`Sign Out`}
      </Button>
    </div>
  );
}

/** A new address waits for its link: the profile says which, and that the old one stays until then. */
function PendingEmail({ address }: { address: string }) {
  const { i18n } = useLingui();
  return (
    <p
      role="status"
      data-testid="pending-email"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-50"
    >
      <Trans>
        Waiting for confirmation: <strong className="wrap-anywhere">{address}</strong>.
      </Trans>{' '}
      {serverText(i18n, MESSAGES.emailChangePending)}
    </p>
  );
}

function ProfileForm({ user }: { user: SessionUser }) {
  const { t, i18n } = useLingui();
  const say = (text: string) => serverText(i18n, text);
  const initial = profileFormFromUser(user);
  const form = useAccountForm(FIELDS, initial);
  const [uploading, setUploading] = useState(false);
  const updateUser = useUpdateUser(user._id);
  const updateOnce = useMutateOnce(updateUser.mutate);

  // The avatar is saved on its own, as soon as it is uploaded: it is always the signed-in user's.
  const values = { ...form.values, avatar: user.avatar };
  // The current password is asked for only while the password or the e-mail is being changed.
  const askCurrent = needsCurrentPassword(user, values);
  const shownFields = FIELDS.filter((field) => field !== 'currentPassword' || askCurrent);

  const onUpdate = (event: SubmitEvent) => {
    event.preventDefault();
    form.clearErrors();
    const body = changedProfileFields(user, values);
    if (Object.keys(body).length === 0) {
      form.setFormError(t`Nothing to update: change a field first.`);
      return;
    }
    updateOnce(body, {
      onSuccess: (updated) => {
        form.setValues(profileFormFromUser(updated));
        // A new address is not the address yet: it waits for its link (the notice below the fields says so too).
        void showSuccess(
          say(MESSAGES.userUpdated),
          body.email !== undefined && updated.pendingEmail ? say(MESSAGES.emailChangePending) : undefined,
        );
      },
      onError: (error) => {
        form.showServerError(error);
        void showError(say(MESSAGES.profileUpdateFailed), errorMessage(error));
      },
    });
  };

  const busy = updateUser.isPending;

  return (
    <section className="mx-auto max-w-lg">
      <PageTitle subtitle={t`Keep your details and resume link up to date.`}>
        <Trans>Profile</Trans>
      </PageTitle>
      <form
        onSubmit={onUpdate}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
      >
        <AvatarPicker user={user} onBusy={setUploading} />
        <AccountFields
          fields={shownFields}
          values={form.values}
          errors={form.errors}
          onChange={form.change}
          overrides={{
            name: { placeholder: undefined },
            username: { placeholder: undefined },
            email: { placeholder: undefined },
            password: { autoComplete: 'new-password', placeholder: t`Leave empty to keep your password` },
            currentPassword: { placeholder: t`Needed for this change` },
          }}
        />
        {user.pendingEmail ? <PendingEmail address={user.pendingEmail} /> : null}
        <Button type="submit" className="w-full py-2.5" disabled={busy || uploading}>
          {updateUser.isPending ? t`Loading...` : t`Update`}
        </Button>
        {form.formError ? (
          <p
            role="status"
            className="text-center text-sm text-slate-700 dark:text-slate-300"
            data-testid="profile-note"
          >
            {form.formError}
          </p>
        ) : null}
      </form>
      <AccountActions user={user} busy={busy || uploading} onError={form.setFormError} />
    </section>
  );
}

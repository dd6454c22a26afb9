import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { confirmDialog } from '../../../components/ui/dialogs';
import { inputClass } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { dateOnly } from '../../../lib/format';
import { useMutateOnce } from '../../../lib/single-flight';
import { cardClass } from './card';
import { API_SCOPES, useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKey, type ApiScope } from '../api/companies';

const muted = 'text-sm text-slate-700 dark:text-slate-300';

function KeyRow({ apiKey, onRevoke, revoking }: { apiKey: ApiKey; onRevoke: () => void; revoking: boolean }) {
  const { t } = useLingui();
  const name = apiKey.name;
  const created = dateOnly(apiKey.createdAt);
  const lastUsed = apiKey.lastUsedAt ? dateOnly(apiKey.lastUsedAt) : '';
  const revoked = apiKey.revokedAt ? dateOnly(apiKey.revokedAt) : '';
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="api-key">
      <div className="min-w-0 flex-1">
        <p className="font-medium wrap-anywhere text-slate-900 dark:text-white">
          {apiKey.name}
          {apiKey.revokedAt ? (
            <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              <Trans>Revoked</Trans>
            </span>
          ) : null}
        </p>
        <p className={muted}>
          <code className="font-mono">{apiKey.prefix}...</code> · {apiKey.scopes.join(', ')}
        </p>
        <p className={muted}>
          {lastUsed ? t`Created ${created} · last used ${lastUsed}` : t`Created ${created} · never used`}
          {revoked ? t` · revoked ${revoked}` : ''}
        </p>
      </div>
      {apiKey.revokedAt ? null : (
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          aria-label={t`Revoke ${name}`}
          disabled={revoking}
          onClick={onRevoke}
        >
          <Trash2 size={14} aria-hidden="true" />
          <Trans>Revoke</Trans>
        </Button>
      )}
    </li>
  );
}

/** The new key's secret: shown this once, until the owner says they copied it. */
function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div
      role="status"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">
        <Trans>Copy this key now: it will not be shown again.</Trans>
      </p>
      <code data-testid="api-key-secret" className="mt-1 block font-mono break-all select-all">
        {secret}
      </code>
      <Button variant="secondary" className="mt-2 px-3 py-1.5" onClick={onDone}>
        <Trans>Done</Trans>
      </Button>
    </div>
  );
}

/** A new key's name and scopes; the secret of the key made is shown once, until "Done". */
function NewKeyForm({ slug }: { slug: string }) {
  const create = useCreateApiKey(slug);
  const createOnce = useMutateOnce(create.mutate);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['jobs:read', 'jobs:write']);
  const [secret, setSecret] = useState('');
  const { i18n, t } = useLingui();

  const onCreate = (event: SubmitEvent) => {
    event.preventDefault();
    createOnce(
      { name: name.trim(), scopes },
      {
        onSuccess: (made) => {
          setSecret(made.secret);
          setName('');
        },
      },
    );
  };
  const toggle = (scope: ApiScope) =>
    setScopes((now) => (now.includes(scope) ? now.filter((s) => s !== scope) : [...now, scope]));

  return (
    <>
      {secret ? <SecretNotice secret={secret} onDone={() => setSecret('')} /> : null}
      <form
        onSubmit={onCreate}
        className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800"
        noValidate
      >
        <div>
          <label htmlFor="api-key-name" className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            <Trans>New key&apos;s name</Trans>
          </label>
          <input
            id="api-key-name"
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={t`Careers site sync`}
            className={inputClass}
          />
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
            <Trans>What it may do</Trans>
          </legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {API_SCOPES.map(({ scope, label }) => (
              <label key={scope} className="inline-flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                <input
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={() => toggle(scope)}
                  className="h-4 w-4 accent-teal-700"
                />
                {i18n._(label)}
              </label>
            ))}
          </div>
        </fieldset>
        {create.isError ? (
          <p role="alert" className="text-sm text-red-800 dark:text-red-200">
            {errorMessage(create.error)}
          </p>
        ) : null}
        <Button type="submit" disabled={create.isPending || !name.trim() || scopes.length === 0}>
          <KeyRound size={16} aria-hidden="true" />
          {create.isPending ? t`Creating...` : t`Create key`}
        </Button>
      </form>
    </>
  );
}

/** The owner's API keys (issue 36): make one (its secret shown once), see each one's use, revoke it. */
export function ApiKeysPanel({ slug }: { slug: string }) {
  const keys = useApiKeys(slug, true);
  const revoke = useRevokeApiKey(slug);
  const { t } = useLingui();
  const onRevoke = async (key: ApiKey) => {
    const name = key.name;
    const ok = await confirmDialog(
      t`Revoke this key?`,
      t`Systems using "${name}" will be refused from now on. This cannot be undone.`,
      t`Yes, revoke`,
    );
    if (ok) revoke.mutate(key.id);
  };

  return (
    <section aria-labelledby="api-keys-heading" className={cardClass}>
      <h2 id="api-keys-heading" className="flex items-center gap-2 text-lg font-bold">
        <KeyRound size={18} aria-hidden="true" />
        <Trans>API keys</Trans>
      </h2>
      <p className={`mt-1 ${muted}`}>
        <Trans>
          Keys let your own systems post and update this company&apos;s jobs and read its applications through the jobs
          API (
          <a
            dir="ltr"
            className="font-medium text-teal-800 underline underline-offset-2 dark:text-teal-300"
            href="/api/docs"
          >
            /api/docs
          </a>
          ), sent as <code className="font-mono">Authorization: Bearer</code>.
        </Trans>
      </p>
      {keys.isPending ? (
        <p className={`mt-4 ${muted}`}>
          <Trans>Loading keys...</Trans>
        </p>
      ) : keys.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-800 dark:text-red-200">
          {errorMessage(keys.error)}
        </p>
      ) : keys.data.length === 0 ? (
        <p className={`mt-4 ${muted}`}>
          <Trans>No keys yet.</Trans>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {keys.data.map((key) => (
            <KeyRow
              key={key.id}
              apiKey={key}
              revoking={revoke.isPending && revoke.variables === key.id}
              onRevoke={() => void onRevoke(key)}
            />
          ))}
        </ul>
      )}
      {revoke.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
          {errorMessage(revoke.error)}
        </p>
      ) : null}
      <NewKeyForm slug={slug} />
    </section>
  );
}

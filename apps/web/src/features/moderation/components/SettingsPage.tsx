import {
  SIGN_IN_METHODS,
  SITE_SETTINGS_LIMITS,
  type AdminSiteSettings,
  type FooterLink,
  type SiteSettingKey,
  type SiteSettings,
} from '@jobboard/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { useCurrentUser } from '../../../lib/session';
import { useAdminSettings, useSaveSettings } from '../api/settings';
import { FooterLinksField } from './FooterLinksField';
import { Notice, muted } from './ConsoleParts';
import { errorText } from './console-words';

const SIGN_IN_LABELS = { password: msg`E-mail and password`, google: msg`Google` } as const;

/** A setting's label, input and note; read-only with the variable's name when the environment sets it. */
function Setting(props: {
  id: SiteSettingKey;
  label: string;
  locked: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  const locked = props.locked;
  return (
    <div data-field={props.id}>
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      {props.children}
      {props.locked ? (
        <p className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-300" data-testid={`${props.id}-locked`}>
          <Trans>
            Set by the environment (<code>{locked}</code>): change it there.
          </Trans>
        </p>
      ) : props.hint ? (
        <p className={`mt-1 ${muted}`}>{props.hint}</p>
      ) : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <legend className="px-1 text-base font-semibold text-slate-900 dark:text-white">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The settings that differ from what was loaded and the environment does not set: what a save sends. */
function changesOf(loaded: AdminSiteSettings, values: SiteSettings): Partial<SiteSettings> {
  return Object.fromEntries(
    (Object.keys(values) as SiteSettingKey[])
      .filter((key) => !loaded.fromEnvironment.includes(key))
      .filter((key) => JSON.stringify(values[key]) !== JSON.stringify(loaded.values[key]))
      .map((key) => [key, values[key]]),
  );
}

type TextKey = 'siteName' | 'tagline' | 'logoUrl' | 'faviconUrl' | 'mailSenderName';
interface Parts {
  values: SiteSettings;
  set: <K extends SiteSettingKey>(key: K, value: SiteSettings[K]) => void;
  locked: (key: SiteSettingKey) => string | undefined;
  text: (key: TextKey, max: number) => Record<string, unknown>;
}

function LookSection({ values, set, locked, text }: Parts) {
  const { t } = useLingui();
  return (
    <Section title={t`Look`}>
      <Setting id="siteName" label={t`Site name`} locked={locked('siteName')}>
        <input {...text('siteName', SITE_SETTINGS_LIMITS.siteName)} required />
      </Setting>
      <Setting
        id="tagline"
        label={t`Tagline`}
        locked={locked('tagline')}
        hint={t`The home page's title after the name, as search results show it; empty: find your next job.`}
      >
        <input {...text('tagline', SITE_SETTINGS_LIMITS.tagline)} />
      </Setting>
      <Setting
        id="logoUrl"
        label={t`Logo address`}
        locked={locked('logoUrl')}
        hint={t`https://...; empty: the built-in mark.`}
      >
        <input {...text('logoUrl', SITE_SETTINGS_LIMITS.url)} type="url" />
      </Setting>
      <Setting
        id="faviconUrl"
        label={t`Icon address (favicon)`}
        locked={locked('faviconUrl')}
        hint={t`https://...; empty: the built-in icon.`}
      >
        <input {...text('faviconUrl', SITE_SETTINGS_LIMITS.url)} type="url" />
      </Setting>
      <Setting
        id="accentColor"
        label={t`Accent colour`}
        locked={locked('accentColor')}
        hint={t`Buttons and links, in pages opened after the save; white text sits on it, so pick a dark one.`}
      >
        <div className="flex items-center gap-3">
          <input
            id="accentColor"
            type="color"
            value={values.accentColor}
            disabled={Boolean(locked('accentColor'))}
            onChange={(event) => set('accentColor', event.target.value)}
            className="h-10 w-14 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-900"
          />
          <code className="text-sm">{values.accentColor}</code>
        </div>
      </Setting>
    </Section>
  );
}

function SignInSection({ values, set, locked, text }: Parts) {
  const { i18n, t } = useLingui();
  return (
    <Section title={t`Sign-in and e-mail`}>
      <Setting
        id="signInMethods"
        label={t`Sign-in methods shown`}
        locked={locked('signInMethods')}
        hint={t`Google shows only when it is configured.`}
      >
        <div id="signInMethods" className="flex flex-wrap gap-4">
          {SIGN_IN_METHODS.map((method) => (
            <label key={method} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-teal-700"
                checked={values.signInMethods.includes(method)}
                disabled={Boolean(locked('signInMethods'))}
                onChange={(event) =>
                  set(
                    'signInMethods',
                    event.target.checked
                      ? SIGN_IN_METHODS.filter((m) => m === method || values.signInMethods.includes(m))
                      : values.signInMethods.filter((m) => m !== method),
                  )
                }
              />
              {i18n._(SIGN_IN_LABELS[method])}
            </label>
          ))}
        </div>
      </Setting>
      <Setting
        id="mailSenderName"
        label={t`E-mail sender name`}
        locked={locked('mailSenderName')}
        hint={t`The name e-mails come from.`}
      >
        <input {...text('mailSenderName', SITE_SETTINGS_LIMITS.senderName)} required />
      </Setting>
    </Section>
  );
}

function SettingsForm({ loaded, save }: { loaded: AdminSiteSettings; save: ReturnType<typeof useSaveSettings> }) {
  const { i18n, t } = useLingui();
  const [values, setValues] = useState<SiteSettings>(loaded.values);
  const locked = (key: SiteSettingKey) =>
    loaded.fromEnvironment.includes(key) ? (loaded.environmentNames[key] ?? t`environment`) : undefined;
  const set = <K extends SiteSettingKey>(key: K, value: SiteSettings[K]) => setValues({ ...values, [key]: value });
  const text = (key: TextKey, max: number) => ({
    id: key,
    value: values[key],
    maxLength: max,
    disabled: Boolean(locked(key)),
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    className: inputClass,
  });
  const parts: Parts = { values, set, locked, text };
  const changes = changesOf(loaded, values);
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    save.mutate(changes);
  };
  return (
    <form onSubmit={submit} className="space-y-6">
      <LookSection {...parts} />
      <Section title={t`Footer links`}>
        <FooterLinksField links={values.footerLinks} onChange={(links: FooterLink[]) => set('footerLinks', links)} />
      </Section>
      <PostingSection values={values} set={set} locked={locked} />
      <SignInSection {...parts} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending || Object.keys(changes).length === 0}>
          {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save settings</Trans>}
        </Button>
        <p role="status" className={muted}>
          {save.isSuccess && Object.keys(changes).length === 0 ? t`Saved: every page shows it within a second.` : ''}
        </p>
        {save.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {errorText(i18n, save.error)}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function PostingSection({
  values,
  set,
  locked,
}: {
  values: SiteSettings;
  set: <K extends SiteSettingKey>(key: K, value: SiteSettings[K]) => void;
  locked: (key: SiteSettingKey) => string | undefined;
}) {
  const number = (key: 'postsPerDay' | 'jobDurationDays', max: number) => ({
    id: key,
    type: 'number',
    min: 1,
    max,
    value: values[key],
    disabled: Boolean(locked(key)),
    onChange: (event: { target: { value: string } }) => set(key, Number(event.target.value)),
    className: `${inputClass} max-w-40`,
  });
  const { t } = useLingui();
  return (
    <Section title={t`Posting`}>
      <Setting id="moderation" label={t`Moderation`} locked={locked('moderation')}>
        <select
          id="moderation"
          value={values.moderation}
          disabled={Boolean(locked('moderation'))}
          onChange={(event) => set('moderation', event.target.value === 'pre' ? 'pre' : 'post')}
          className={`${inputClass} max-w-md`}
        >
          <option value="post">{t`Live at once, reviewed when reported`}</option>
          <option value="pre">{t`New accounts wait for approval`}</option>
        </select>
      </Setting>
      <Setting id="postsPerDay" label={t`Jobs one account may post a day`} locked={locked('postsPerDay')}>
        <input {...number('postsPerDay', 1_000_000)} required />
      </Setting>
      <Setting
        id="jobDurationDays"
        label={t`Days a new job stays open`}
        locked={locked('jobDurationDays')}
        hint={t`When its poster gives no closing date.`}
      >
        <input {...number('jobDurationDays', 365)} required />
      </Setting>
    </Section>
  );
}

/** Site settings (issue 34, item 2): applied on every instance within a second of a save. */
export function SettingsPage() {
  const isAdmin = useCurrentUser()?.isAdmin === true;
  const settings = useAdminSettings(isAdmin);
  // Here, not in the form: the form starts again from each saved state, and the save's outcome outlives it.
  const save = useSaveSettings();
  const { i18n, t } = useLingui();
  return (
    <section>
      <PageTitle subtitle={t`What every page shows and how posting works. A save applies everywhere within a second.`}>
        <Trans>Site settings</Trans>
      </PageTitle>
      {settings.data ? (
        <SettingsForm key={JSON.stringify(settings.data.values)} loaded={settings.data} save={save} />
      ) : settings.isError ? (
        <Notice title={t`Could not load the settings`} tone="error">
          <p className="mt-1 text-sm">{errorText(i18n, settings.error)}</p>
        </Notice>
      ) : (
        <Spinner label={t`Loading the settings`} />
      )}
    </section>
  );
}

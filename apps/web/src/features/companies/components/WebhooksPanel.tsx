import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCw, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { confirmDialog } from '../../../components/ui/dialogs';
import { inputClass } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { useReaderLocale } from '../../../lib/locale';
import { useMutateOnce } from '../../../lib/single-flight';
import {
  WEBHOOK_EVENTS,
  useCreateWebhook,
  useDeleteWebhook,
  useResendDelivery,
  useWebhookDeliveries,
  useWebhooks,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '../api/webhooks';

const cardClass =
  'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900';
const muted = 'text-sm text-slate-700 dark:text-slate-300';
const badge = 'rounded-full px-2 py-0.5 text-xs font-semibold';
const STATE_CLASS: Record<WebhookDelivery['state'], string> = {
  delivered: 'bg-teal-100 text-teal-900 dark:bg-teal-950 dark:text-teal-100',
  pending: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};
const STATE_WORDS: Record<WebhookDelivery['state'], MessageDescriptor> = {
  delivered: msg`delivered`,
  pending: msg`pending`,
  failed: msg`failed`,
};
const when = (iso: string, locale: string) =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

function DeliveryRow({ delivery, onResend, busy }: { delivery: WebhookDelivery; onResend: () => void; busy: boolean }) {
  const { i18n, t } = useLingui();
  const locale = useReaderLocale();
  const status = delivery.lastStatus;
  const answer = status ? t`HTTP ${status}` : (delivery.lastError ?? t`not tried yet`);
  const sent = when(delivery.createdAt, locale);
  const tries = delivery.attempts;
  const attempts = t`${plural(tries, { one: '# attempt', other: '# attempts' })}`;
  const next = delivery.nextAttemptAt ? when(delivery.nextAttemptAt, locale) : '';
  return (
    <li className="flex flex-wrap items-center gap-2 py-2 text-sm" data-testid="webhook-delivery">
      <span className={`${badge} ${STATE_CLASS[delivery.state]}`}>{i18n._(STATE_WORDS[delivery.state])}</span>
      <code className="font-mono text-slate-900 dark:text-slate-100">{delivery.event}</code>
      <span className={`min-w-0 basis-full wrap-anywhere sm:flex-1 sm:basis-0 ${muted}`}>
        {next ? t`${sent} · ${attempts} · ${answer} · next try ${next}` : t`${sent} · ${attempts} · ${answer}`}
      </span>
      <Button variant="secondary" className="px-2.5 py-1" disabled={busy} onClick={onResend}>
        <RotateCw size={14} aria-hidden="true" />
        <Trans>Resend</Trans>
      </Button>
    </li>
  );
}

/** The endpoint's last deliveries, asked for when opened. */
function Deliveries({ slug, hook }: { slug: string; hook: Webhook }) {
  const [open, setOpen] = useState(false);
  const deliveries = useWebhookDeliveries(slug, hook.id, open);
  const resend = useResendDelivery(slug, hook.id);
  const { t } = useLingui();
  return (
    <details className="mt-2" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium text-teal-800 dark:text-teal-300">
        <Trans>Recent deliveries</Trans>
      </summary>
      {deliveries.isPending ? (
        <p className={`mt-2 ${muted}`}>{open ? t`Loading deliveries...` : ''}</p>
      ) : deliveries.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
          {errorMessage(deliveries.error)}
        </p>
      ) : deliveries.data.length === 0 ? (
        <p className={`mt-2 ${muted}`}>
          <Trans>Nothing sent yet: deliveries appear here when an event happens.</Trans>
        </p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-800">
          {deliveries.data.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              delivery={delivery}
              busy={resend.isPending && resend.variables === delivery.id}
              onResend={() => resend.mutate(delivery.id)}
            />
          ))}
        </ul>
      )}
      {resend.isError ? (
        <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-200">
          {errorMessage(resend.error)}
        </p>
      ) : null}
    </details>
  );
}

function WebhookRow({ slug, hook, onDelete }: { slug: string; hook: Webhook; onDelete: () => void }) {
  const [showSecret, setShowSecret] = useState(false);
  const { t } = useLingui();
  const url = hook.url;
  return (
    <li className="py-3" data-testid="webhook">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-medium wrap-anywhere text-slate-900 dark:text-white">{hook.url}</p>
          <p className={muted}>{hook.events.join(', ')}</p>
          <p className={muted}>
            <Trans>Signing secret:</Trans>{' '}
            {showSecret ? (
              <code className="font-mono break-all select-all">{hook.secret}</code>
            ) : (
              <button
                type="button"
                className="font-medium text-teal-800 underline underline-offset-2 dark:text-teal-300"
                onClick={() => setShowSecret(true)}
              >
                <Trans>Show</Trans>
              </button>
            )}
          </p>
        </div>
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          aria-label={t`Delete the webhook to ${url}`}
          onClick={onDelete}
        >
          <Trash2 size={14} aria-hidden="true" />
          <Trans>Delete</Trans>
        </Button>
      </div>
      <Deliveries slug={slug} hook={hook} />
    </li>
  );
}

function NewWebhookForm({ slug }: { slug: string }) {
  const create = useCreateWebhook(slug);
  const createOnce = useMutateOnce(create.mutate);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['application.created']);
  const onCreate = (event: SubmitEvent) => {
    event.preventDefault();
    createOnce({ url: url.trim(), events }, { onSuccess: () => setUrl('') });
  };
  const toggle = (name: WebhookEvent) =>
    setEvents((now) => (now.includes(name) ? now.filter((e) => e !== name) : [...now, name]));
  const { i18n, t } = useLingui();
  return (
    <form
      onSubmit={onCreate}
      className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800"
      noValidate
    >
      <div>
        <label htmlFor="webhook-url" className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          <Trans>Endpoint address</Trans>
        </label>
        <input
          id="webhook-url"
          dir="ltr"
          type="url"
          maxLength={2000}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://example.com/jobboard-events"
          className={inputClass}
        />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          <Trans>Send these events</Trans>
        </legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {WEBHOOK_EVENTS.map(({ event: name, label }) => (
            <label key={name} className="inline-flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input
                type="checkbox"
                checked={events.includes(name)}
                onChange={() => toggle(name)}
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
      <Button type="submit" disabled={create.isPending || !url.trim() || events.length === 0}>
        <WebhookIcon size={16} aria-hidden="true" />
        {create.isPending ? t`Adding...` : t`Add webhook`}
      </Button>
    </form>
  );
}

/** The owner's webhooks (issue 36): signed HTTPS calls on applications and closed jobs, with their delivery log. */
export function WebhooksPanel({ slug }: { slug: string }) {
  const hooks = useWebhooks(slug);
  const remove = useDeleteWebhook(slug);
  const { t } = useLingui();
  const onDelete = async (hook: Webhook) => {
    const url = hook.url;
    const ok = await confirmDialog(t`Delete this webhook?`, t`Nothing more will be sent to ${url}.`, t`Yes, delete`);
    if (ok) remove.mutate(hook.id);
  };
  return (
    <section aria-labelledby="webhooks-heading" className={cardClass}>
      <h2 id="webhooks-heading" className="flex items-center gap-2 text-lg font-bold">
        <WebhookIcon size={18} aria-hidden="true" />
        <Trans>Webhooks</Trans>
      </h2>
      <p className={`mt-1 ${muted}`}>
        <Trans>
          Your systems hear of new applications, stage moves and closed jobs as they happen: each event is a signed POST
          (<code className="font-mono">Jobboard-Signature</code>), retried for about an hour if your endpoint fails.
        </Trans>
      </p>
      {hooks.isPending ? (
        <p className={`mt-4 ${muted}`}>
          <Trans>Loading webhooks...</Trans>
        </p>
      ) : hooks.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-800 dark:text-red-200">
          {errorMessage(hooks.error)}
        </p>
      ) : hooks.data.length === 0 ? (
        <p className={`mt-4 ${muted}`}>
          <Trans>No webhooks yet.</Trans>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {hooks.data.map((hook) => (
            <WebhookRow key={hook.id} slug={slug} hook={hook} onDelete={() => void onDelete(hook)} />
          ))}
        </ul>
      )}
      {remove.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
          {errorMessage(remove.error)}
        </p>
      ) : null}
      <NewWebhookForm slug={slug} />
    </section>
  );
}

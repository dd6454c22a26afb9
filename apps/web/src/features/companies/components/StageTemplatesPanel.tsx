import {
  APPLICATION_STAGES,
  CUSTOM_STAGE_NAME_MAX,
  STAGE_MAIL_MESSAGE_MAX,
  type ApplicationStage,
  type StageTemplate,
} from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import {
  useAddCustomStage,
  useCustomStages,
  useRemoveCustomStage,
  useSaveTemplate,
  useStageTemplates,
} from '../api/team';
import { cardClass } from './card';
import { stageName } from '../words';

/*
 * An owner's stage settings (issue 33, item 7): the default message of each stage that e-mails the candidate
 * (a move's dialog starts from it; reset goes back to the built-in text), and the company's own stages between
 * the fixed ones (they e-mail nobody).
 */

function TemplateForm({ slug, template }: { slug: string; template: StageTemplate }) {
  const save = useSaveTemplate(slug);
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? template.message;
  const { i18n, t } = useLingui();
  const stage = stageName(i18n, template.stage);
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    save.mutate({ stage: template.stage, message: text.trim() }, { onSuccess: () => setDraft(null) });
  };
  return (
    <form onSubmit={onSubmit} className="py-3" data-testid={`template-${template.stage}`}>
      <label htmlFor={id} className={labelClass}>
        {stage}
        <span className="ms-2 text-xs font-normal text-slate-600 dark:text-slate-400">
          {template.builtIn ? t`built-in text` : t`your text`}
        </span>
      </label>
      <textarea
        dir="auto"
        id={id}
        rows={3}
        maxLength={STAGE_MAIL_MESSAGE_MAX}
        value={text}
        onChange={(event) => setDraft(event.target.value)}
        className={inputClass}
        aria-invalid={save.isError ? true : undefined}
      />
      {save.isError ? (
        <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-200">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="submit" className="px-3 py-1.5 text-sm" disabled={save.isPending || !text.trim()}>
          <Trans>Save {stage} message</Trans>
        </Button>
        {!template.builtIn ? (
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            disabled={save.isPending}
            onClick={() => save.mutate({ stage: template.stage, message: null }, { onSuccess: () => setDraft(null) })}
          >
            <Trans>Reset to built-in text</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** A new stage of the company's own, after one of the fixed stages. */
function AddStageForm({ slug }: { slug: string }) {
  const add = useAddCustomStage(slug);
  const [name, setName] = useState('');
  const [after, setAfter] = useState<ApplicationStage>('reviewing');
  const { i18n } = useLingui();
  const onAdd = (event: SubmitEvent) => {
    event.preventDefault();
    if (name.trim()) add.mutate({ name: name.trim(), after }, { onSuccess: () => setName('') });
  };
  return (
    <>
      <form onSubmit={onAdd} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="custom-stage-name" className={labelClass}>
            <Trans>New stage</Trans>
          </label>
          <input
            id="custom-stage-name"
            value={name}
            maxLength={CUSTOM_STAGE_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="custom-stage-after" className={labelClass}>
            <Trans>After</Trans>
          </label>
          <select
            id="custom-stage-after"
            className={`${inputClass} w-auto`}
            value={after}
            onChange={(event) => setAfter(APPLICATION_STAGES.find((s) => s === event.target.value) ?? 'reviewing')}
          >
            {APPLICATION_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {stageName(i18n, stage)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={add.isPending || !name.trim()}>
          <Trans>Add stage</Trans>
        </Button>
      </form>
      {add.error ? (
        <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
          {errorMessage(add.error)}
        </p>
      ) : null}
    </>
  );
}

function CustomStages({ slug }: { slug: string }) {
  const stages = useCustomStages(slug, true);
  const remove = useRemoveCustomStage(slug);
  const { i18n, t } = useLingui();
  return (
    <div className="mt-6">
      <h3 className="font-semibold">
        <Trans>Your own stages</Trans>
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        <Trans>
          Stages between the fixed ones, such as “Phone screen” after Reviewing. Moving a candidate into one e-mails
          nobody.
        </Trans>
      </p>
      {stages.isPending ? (
        <p className="mt-2 text-sm">
          <Trans>Loading stages...</Trans>
        </p>
      ) : stages.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
          {errorMessage(stages.error)}
        </p>
      ) : stages.data.items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          <Trans>No stages of your own yet.</Trans>
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {stages.data.items.map((stage) => {
            const name = stage.name;
            const after = stageName(i18n, stage.after);
            return (
              <li key={stage.id} className="flex flex-wrap items-center gap-2 py-2">
                <span className="flex-1 text-sm">
                  <span className="font-medium" dir="auto">
                    {name}
                  </span>{' '}
                  <span className="text-slate-700 dark:text-slate-300">
                    <Trans>after {after}</Trans>
                  </span>
                </span>
                <Button
                  variant="secondary"
                  className="px-3 py-1 text-sm"
                  aria-label={t`Delete the stage ${name}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(stage.id)}
                >
                  <Trans>Delete</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <AddStageForm slug={slug} />
      {remove.error ? (
        <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
          {errorMessage(remove.error)}
        </p>
      ) : null}
    </div>
  );
}

/** The owners' stage settings: e-mail templates per stage, and the company's own stages. */
export function StageTemplatesPanel({ slug }: { slug: string }) {
  const templates = useStageTemplates(slug, true);
  return (
    <section aria-labelledby="stage-templates-heading" className={cardClass} data-testid="stage-templates">
      <h2 id="stage-templates-heading" className="text-lg font-bold">
        <Trans>Hiring stages and e-mails</Trans>
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        <Trans>
          The message each stage e-mails the candidate. Whoever moves a candidate sees it first and may change it for
          that move.
        </Trans>
      </p>
      {templates.isPending ? (
        <p className="mt-4 text-sm">
          <Trans>Loading messages...</Trans>
        </p>
      ) : templates.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-800 dark:text-red-200">
          {errorMessage(templates.error)}
        </p>
      ) : (
        <div className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {templates.data.items.map((template) => (
            <TemplateForm key={`${template.stage}-${template.message}`} slug={slug} template={template} />
          ))}
        </div>
      )}
      <CustomStages slug={slug} />
    </section>
  );
}

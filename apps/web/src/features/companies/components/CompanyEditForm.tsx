import type { CompanyPage as CompanyPageData, CompanyUpdateBody } from '@jobboard/shared';
import { companyUpdateBodySchema, JOB_MODEL_LIMITS } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { focusField, TextAreaField, TextField } from '../../../components/ui/Field';
import { LogoField } from '../../../components/ui/LogoField';
import { errorMessage } from '../../../lib/api';
import { useMutateOnce } from '../../../lib/single-flight';
import { useUpdateCompany } from '../api/companies';

/** The form's fields; `links` is the textarea's text, one link a line. */
type EditValues = { name: string; logo: string; website: string; description: string; cover?: string; links?: string };
type EditErrors = Partial<Record<keyof EditValues, string>>;

/** Validates with the shared schema; the messages name the field, as the server's do. */
export function validateCompanyEdit(
  values: EditValues,
): { ok: true; body: CompanyUpdateBody } | { ok: false; errors: EditErrors } {
  const { links, ...rest } = values;
  const lines =
    links === undefined
      ? {}
      : {
          links: links
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        };
  const parsed = companyUpdateBodySchema.safeParse({ ...rest, ...lines });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: EditErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && key in values && !(key in errors)) errors[key as keyof EditValues] = issue.message;
  }
  return { ok: false, errors };
}

/** The edit form's state: its values and errors, an upload under way, and the save. */
function useCompanyEdit(company: CompanyPageData, onDone: () => void) {
  const update = useUpdateCompany(company.slug);
  const updateOnce = useMutateOnce(update.mutate);
  const navigate = useNavigate();
  const [values, setValues] = useState<EditValues>({
    name: company.name,
    logo: company.logo,
    website: company.website,
    description: company.description,
    cover: company.cover,
    links: company.links.join('\n'),
  });
  const [errors, setErrors] = useState<EditErrors>({});
  const [uploading, setUploading] = useState(false);
  const set = (field: keyof EditValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const result = validateCompanyEdit(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      if (first) focusField(`company-${first}`);
      return;
    }
    setErrors({});
    updateOnce(result.body, {
      onSuccess: (saved) => {
        onDone();
        if (saved.slug !== company.slug) void navigate(`/company/${saved.slug}`, { replace: true });
      },
    });
  };
  return { update, values, setValues, errors, uploading, setUploading, set, submit };
}

export function CompanyEditForm({ company, onDone }: { company: CompanyPageData; onDone: () => void }) {
  const { update, values, setValues, errors, uploading, setUploading, set, submit } = useCompanyEdit(company, onDone);
  const { t } = useLingui();
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 space-y-4 border-t border-slate-200 pt-6 dark:border-slate-800"
      aria-labelledby="edit-company-heading"
    >
      <h2 id="edit-company-heading" className="text-lg font-semibold">
        <Trans>Edit company</Trans>
      </h2>
      <TextField
        id="company-name"
        label={t`Company Name`}
        required
        maxLength={JOB_MODEL_LIMITS.companyName}
        value={values.name}
        onChange={set('name')}
        error={errors.name}
      />
      <LogoField
        id="company-logo"
        label={t`Company Logo`}
        placeholder="https://example.com/logo.svg"
        companyName={values.name}
        value={values.logo}
        onChange={(logo) => setValues((v) => ({ ...v, logo }))}
        onBusy={setUploading}
        error={errors.logo}
      />
      <TextField
        id="company-website"
        label={t`Website`}
        type="url"
        inputMode="url"
        placeholder="https://example.com"
        value={values.website}
        onChange={set('website')}
        error={errors.website}
      />
      <CoverAndLinks
        values={values}
        errors={errors}
        onCover={(cover) => setValues((v) => ({ ...v, cover }))}
        onLinks={set('links')}
        onBusy={setUploading}
      />
      <TextAreaField
        id="company-description"
        label={t`Description`}
        rows={4}
        maxLength={JOB_MODEL_LIMITS.companyDescription}
        value={values.description}
        onChange={set('description')}
        error={errors.description}
      />
      {update.isError ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {errorMessage(update.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={update.isPending || uploading}>
          {update.isPending ? t`Saving...` : t`Save company`}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** The company page's cover image (uploaded or linked) and its links, one a line. */
function CoverAndLinks({
  values,
  errors,
  onCover,
  onLinks,
  onBusy,
}: {
  values: EditValues;
  errors: EditErrors;
  onCover: (url: string) => void;
  onLinks: (event: { target: { value: string } }) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <LogoField
        kind="cover"
        id="company-cover"
        label={t`Cover image`}
        placeholder="https://example.com/cover.jpg"
        companyName={values.name}
        value={values.cover ?? ''}
        onChange={onCover}
        onBusy={onBusy}
        error={errors.cover}
      />
      <TextAreaField
        id="company-links"
        label={t`Links (one a line: careers page, LinkedIn...)`}
        rows={3}
        placeholder="https://example.com/careers"
        value={values.links ?? ''}
        onChange={onLinks}
        error={errors.links}
      />
    </>
  );
}

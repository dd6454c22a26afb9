import type { Skill } from '@jobboard/shared';
import { JOB_MODEL_LIMITS, skillKey } from '@jobboard/shared';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Combobox, type ComboboxOption } from '../../../components/ui/Combobox';
import { FieldShell } from '../../../components/ui/Field';
import { useSkillSuggestions } from '../../../lib/suggestions';
import { addSkill } from './job-form-logic';
import { Chip, Hint, type JobFormPartProps } from './JobFormParts';

export function SkillsField({ values, errors, setValues }: Pick<JobFormPartProps, 'values' | 'errors' | 'setValues'>) {
  const { t, i18n } = useLingui();
  const [skillText, setSkillText] = useState('');
  const [skillFocus, setSkillFocus] = useState(false);
  const skillSuggestions = useSkillSuggestions(skillText, skillFocus);
  const skillOptions: ComboboxOption[] = (skillSuggestions.data ?? [])
    .filter((s) => !values.skills.some((chosen) => skillKey(chosen.value) === skillKey(s.value)))
    .map((s) => ({
      key: s.value,
      label: s.label,
      hint: i18n._(msg`${plural(s.count, { one: '# job', other: '# jobs' })}`),
    }));
  const addSkillText = (text: string) => {
    setValues((v) => ({ ...v, skills: addSkill(v.skills, text) }));
    setSkillText('');
  };
  const removeSkill = (skill: Skill) => setValues((v) => ({ ...v, skills: v.skills.filter((s) => s !== skill) }));
  const skillsFull = values.skills.length >= JOB_MODEL_LIMITS.skillsPerJob;
  const typed = skillText.trim();
  const chosen = values.skills.length;
  const most = JOB_MODEL_LIMITS.skillsPerJob;
  const chars = JOB_MODEL_LIMITS.skillChars;
  return (
    <FieldShell id="skills-input" label={t`Required Skill Sets`} error={errors.skills}>
      {/* Suggestions are asked for once the box is first used, not on every visit to the form. */}
      <div onFocus={() => setSkillFocus(true)}>
        <Combobox
          id="skills-input"
          value={skillText}
          onValueChange={setSkillText}
          options={skillOptions}
          onPick={(option) => addSkillText(option.label)}
          onEnter={addSkillText}
          status={
            skillSuggestions.isFetching && !skillSuggestions.data
              ? t`Loading suggestions...`
              : typed
                ? t`Press Enter to add "${typed}"`
                : undefined
          }
          placeholder={
            skillsFull
              ? ''
              : values.skills.length === 0
                ? t`Type a skill, pick one or press Enter`
                : t`Add another skill`
          }
          maxLength={JOB_MODEL_LIMITS.skillChars}
          disabled={skillsFull}
          invalid={Boolean(errors.skills)}
          describedBy={errors.skills ? 'skills-input-error skills-hint' : 'skills-hint'}
          onBackspaceEmpty={() => setValues((v) => ({ ...v, skills: v.skills.slice(0, -1) }))}
          before={values.skills.map((skill) => (
            <Chip key={skill.value} label={skill.label} onRemove={() => removeSkill(skill)} />
          ))}
        />
      </div>
      <Hint id="skills-hint">
        <Trans>
          {chosen} of {most} skills, up to {chars} characters each.
        </Trans>
      </Hint>
    </FieldShell>
  );
}

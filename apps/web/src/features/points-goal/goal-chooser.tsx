import { useId, useState, type FormEvent } from 'react';
import type { GoalOption, PointsGoalResponse } from '@app/contracts/points-goal';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useGoalOptions } from './api/get-goal-options.ts';
import { useSetPointsGoal } from './api/set-points-goal.ts';
import { points } from './goal-wording.ts';

const CHOOSE_ONE = 'Choose a reward to save for.';

function OptionList({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: GoalOption[];
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="goal-options">
      <legend>{legend}</legend>
      <ul className="goal-options__list">
        {options.map((option) => (
          <li key={option.id}>
            <label className="goal-option">
              <input
                type="radio"
                name="goal"
                value={option.id}
                checked={value === option.id}
                onChange={() => onChange(option.id)}
              />
              <img className="goal-option__logo" src={option.logoImageLocation} alt="" />
              <span className="goal-option__text">
                <span className="goal-option__title">{option.title}</span>
                <span className="goal-option__meta">
                  {option.partnerName} · {points(option.points)} points
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * Picking the reward to save for: the vouchers, then the partner conversions, as the server lists them (the
 * same catalogue and rates as spending and converting). The server checks the choice again.
 */
export function GoalChooser({
  current,
  onSet,
  onCancel,
}: {
  current?: string;
  onSet: (answer: PointsGoalResponse) => void;
  onCancel?: () => void;
}) {
  const options = useGoalOptions();
  const setGoal = useSetPointsGoal();
  const [chosen, setChosen] = useState(current);
  const [fieldError, setFieldError] = useState<string>();
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const option = options.data?.options.find((o) => o.id === chosen);
    if (!option) {
      setFieldError(CHOOSE_ONE);
      return;
    }
    setFieldError(undefined);
    setGoal.mutate(option.choice, { onSuccess: onSet });
  };

  const choose = (id: string) => {
    setChosen(id);
    setFieldError(undefined);
  };
  const all = options.data?.options ?? [];
  return (
    <section className="goal goal-chooser" aria-labelledby={headingId}>
      <h2 id={headingId}>{current ? 'Change your goal' : 'What are you saving for?'}</h2>
      {options.isPending ? (
        <Spinner size="large" label="Loading rewards" />
      ) : options.isError ? (
        <Alert>We couldn't load the rewards. Please try again later.</Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <OptionList
            legend="Vouchers"
            options={all.filter((o) => o.choice.kind === 'voucher')}
            value={chosen}
            onChange={choose}
          />
          <OptionList
            legend="Partner rewards"
            options={all.filter((o) => o.choice.kind === 'conversion')}
            value={chosen}
            onChange={choose}
          />
          {fieldError ? <Alert>{fieldError}</Alert> : null}
          {setGoal.isError ? <Alert>{setGoal.error.message}</Alert> : null}
          <div className="goal__actions">
            <Button type="submit" loading={setGoal.isPending}>
              {current ? 'Save my new goal' : 'Set as my goal'}
            </Button>
            {onCancel ? (
              <Button variant="secondary" onClick={onCancel}>
                Keep my goal
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}

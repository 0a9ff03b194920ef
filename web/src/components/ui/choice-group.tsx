import type { ReactNode } from 'react';
import styles from './choice-group.module.css';

interface ChoiceGroupProps<T> {
  choices: readonly T[];
  /** The group's name for screen readers: its own text, or the id of the label shown above it. */
  label?: string;
  labelledBy?: string;
  isChosen: (choice: T) => boolean;
  onChoose: (choice: T) => void;
  text: (choice: T) => ReactNode;
  disabled?: boolean;
  /** A screen with a look of its own passes its classes; the shared buttons otherwise. */
  classNames?: { group?: string; choice?: string };
}

/** A row of toggle buttons of which one is chosen (aria-pressed): periods, amounts, day counts. */
export function ChoiceGroup<T extends string | number>({
  choices,
  label,
  labelledBy,
  isChosen,
  onChoose,
  text,
  disabled,
  classNames,
}: ChoiceGroupProps<T>) {
  return (
    <div className={classNames?.group ?? styles.choices} role="group" aria-label={label} aria-labelledby={labelledBy}>
      {choices.map((choice) => (
        <button
          key={choice}
          type="button"
          className={classNames?.choice ?? styles.choice}
          aria-pressed={isChosen(choice)}
          disabled={disabled}
          onClick={() => onChoose(choice)}
        >
          {text(choice)}
        </button>
      ))}
    </div>
  );
}

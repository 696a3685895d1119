"use client";

import { useEffect, useLayoutEffect, useRef } from "react";
import { formatCount } from "@/lib/shared/alarms/format";
import type { Location } from "@/lib/shared/alarms/neighbours";
import { hasModifier, isOverlayOpen, isTyping } from "@/components/keyboard";
import type { Direction } from "./use-list-place";

// The button a step was made with, so the next alarm's stepper gives focus back to it and Enter
// on Next keeps stepping. Module state: it has to outlive one navigation, in which the alarm may
// render twice (the loading copy, then the page), so every stepper of another alarm takes it,
// until the analyst's next key or click ends it.
let focusAfterStep: { direction: Direction; from: string } | null = null;

function wishFocus(direction: Direction, from: string): void {
  const wish = { direction, from };
  focusAfterStep = wish;
  const end = () => {
    if (focusAfterStep === wish) focusAfterStep = null;
  };
  // After the click that made the wish has passed.
  setTimeout(() => {
    document.addEventListener("pointerdown", end, { once: true, capture: true });
    document.addEventListener("keydown", end, { once: true, capture: true });
  }, 0);
}

/**
 * "37 of 2,043" and Previous / Next through the list the detail was opened from; k and j do
 * the same. Renders nothing for a detail opened without a list, or whose alarm is no longer
 * where the list had it.
 */
export function ListStepper({
  uuid,
  location,
  onMove,
}: {
  /** The alarm shown. */
  uuid: string;
  location: Location | null;
  onMove: (direction: Direction) => void;
}) {
  const place = location?.state === "found" ? location.place : null;
  const hasPrevious = Boolean(place?.previous);
  const hasNext = Boolean(place?.next);

  // Keys only where there is somewhere to go (not for an alarm no longer where its list had it).
  const listed = location !== null && location.state !== "lost";
  // A layout effect: listening before the alarm is painted, so a key pressed the moment its
  // place shows is taken (a step across deployments mounts the detail anew, and on a fast
  // browser a passive effect ran after the first k had already been dropped).
  useLayoutEffect(() => {
    if (!listed) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || hasModifier(event) || isTyping(event.target)) return;
      if (event.key !== "j" && event.key !== "k") return;
      if (isOverlayOpen()) return;
      event.preventDefault();
      // A held key steps once: each step costs upstream reads, and the analyst reads alarms.
      if (event.repeat) return;
      onMove(event.key === "j" ? "next" : "previous");
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [listed, onMove]);

  const previousButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const state = location?.state;
  useEffect(() => {
    const wish = focusAfterStep;
    if (!wish || state === "locating" || wish.from === uuid) return;
    if (state !== "found") {
      focusAfterStep = null; // this alarm has no place: never a focus jump later on
      return;
    }
    const wanted = wish.direction === "next" ? nextButton.current : previousButton.current;
    const other = wish.direction === "next" ? previousButton.current : nextButton.current;
    // At the end of the list the button stepped with is disabled: the other one takes focus.
    (wanted && !wanted.disabled ? wanted : other)?.focus({ preventScroll: true });
  }, [state, uuid]);

  if (!location || location.state === "lost") return null;
  const step = (direction: Direction) => {
    wishFocus(direction, uuid);
    onMove(direction);
  };

  return (
    <nav aria-label="Alarms of the list" className="flex items-center gap-1.5" data-list-stepper>
      <StepButton
        direction="previous"
        buttonRef={previousButton}
        disabled={!hasPrevious}
        onStep={step}
      />
      <p
        className="min-w-[7ch] text-center text-xs whitespace-nowrap text-slate-700 tabular-nums dark:text-slate-300"
        data-list-position
        aria-live="polite"
      >
        {place ? (
          <>
            <span className="sr-only">Alarm </span>
            {formatCount(place.position)} of {formatCount(place.total)}
          </>
        ) : (
          <>
            <span className="text-slate-500 dark:text-slate-400" aria-hidden="true">
              … of …
            </span>
            <span className="sr-only">Finding its place in the list</span>
          </>
        )}
      </p>
      <StepButton direction="next" buttonRef={nextButton} disabled={!hasNext} onStep={step} />
    </nav>
  );
}

const STEP_BUTTON = {
  previous: { key: "k", title: "Previous alarm of the list (k)", label: "Previous", arrow: "↑" },
  next: { key: "j", title: "Next alarm of the list (j)", label: "Next", arrow: "↓" },
} as const;

function StepButton({
  direction,
  buttonRef,
  disabled,
  onStep,
}: {
  direction: Direction;
  buttonRef: React.RefObject<HTMLButtonElement | null>;
  disabled: boolean;
  onStep: (direction: Direction) => void;
}) {
  const { key, title, label, arrow } = STEP_BUTTON[direction];
  const mark = <span aria-hidden="true">{arrow}</span>;
  return (
    <button
      ref={buttonRef}
      type="button"
      className="btn-secondary"
      aria-keyshortcuts={key}
      title={title}
      disabled={disabled}
      onClick={() => onStep(direction)}
    >
      {direction === "previous" ? (
        <>
          {mark} {label}
        </>
      ) : (
        <>
          {label} {mark}
        </>
      )}
    </button>
  );
}

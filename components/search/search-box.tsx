"use client";
// The list's search box: `q` in the URL, typed in the index's language, with suggestions as one
// types, a `?` listing the fields with examples, and the place of a problem under the text.

import { useId, useLayoutEffect, useRef, useState } from "react";
import { lazyComponent } from "@/components/lazy";
import { formatCount } from "@/lib/shared/alarms/format";
import { SEARCH_LIMITS } from "@/lib/shared/search/ast";
import { problemWindow, withChoice } from "@/lib/shared/search/typing";
import { OptionsList, comboboxOf, stepActive } from "@/components/list/options-list";
import { useSearchSuggestions, type SearchOption } from "./use-search-suggestions";

const SearchHelp = lazyComponent(() => import("./search-help").then((m) => m.SearchHelp));

/** Focuses the box with the caret after what it holds (`/`: to add to the search). */
export function focusSearch(input: HTMLInputElement | null): void {
  if (!input) return;
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
}

/** Why the search in the URL cannot be read: the server's message and where (null: anywhere). */
export interface SearchProblem {
  message: string;
  position: number | null;
}

/**
 * Enter (or the button) searches: `q` goes into the URL and the list starts again at its first
 * page; the box keeps exactly what was typed. As one types, the term at the caret is completed:
 * field names, then that field's values from the index (arrows move, Enter or a click takes one,
 * Escape closes the list and then leaves the box as the URL has it). `/` anywhere on the list
 * focuses the box (the list's keyboard layer calls `inputRef`).
 */
export function SearchBox({
  value,
  scope,
  deployments,
  problem,
  onSearch,
  inputRef,
}: {
  /** The URL's `q`. */
  value: string | undefined;
  /** Whose index suggestions come from: a deployment's key, or "all". */
  scope: string;
  /** For "all": the deployments the queue shows. */
  deployments?: readonly string[];
  /** What the server said of the URL's `q`, if it could not read it. */
  problem: SearchProblem | null;
  onSearch: (q: string | undefined) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value ?? "");
  const [shown, setShown] = useState(value);
  const [caret, setCaret] = useState(0);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [help, setHelp] = useState(false);
  const moveCaret = useRef<number | null>(null);
  if (shown !== value) {
    // Back, forward, a cleared search: the box follows the URL.
    setShown(value);
    setDraft(value ?? "");
  }
  const { term, options } = useSearchSuggestions(scope, deployments, draft, caret, open);
  const expanded = options.length > 0;

  useLayoutEffect(() => {
    if (moveCaret.current === null) return;
    inputRef.current?.setSelectionRange(moveCaret.current, moveCaret.current);
    moveCaret.current = null;
  });

  function edit(text: string, at: number) {
    setDraft(text);
    setCaret(at);
    setActive(-1);
    setOpen(true);
  }

  function search(text: string) {
    setOpen(false);
    setActive(-1);
    // Refused as a link with it is refused: the text stays, to be shortened; nothing is run.
    if (text.length > SEARCH_LIMITS.length) return;
    const q = text.trim() === "" ? undefined : text;
    if (q !== value) onSearch(q);
  }

  function choose(option: SearchOption) {
    if (!term) return;
    const next = withChoice(
      draft,
      term,
      option.hint === undefined ? option : { field: option.field },
    );
    moveCaret.current = next.caret;
    edit(next.text, next.caret);
    inputRef.current?.focus();
  }

  // Said as soon as it is so (a paste), not cut: a search cut short finds something else.
  const tooLong: SearchProblem | null =
    draft.length > SEARCH_LIMITS.length
      ? {
          message: `This search has ${formatCount(draft.length)} characters; a search may have at most ${formatCount(SEARCH_LIMITS.length)}. Shorten it to search.`,
          position: null,
        }
      : null;
  const shownProblem = tooLong ?? (problem !== null && draft === (value ?? "") ? problem : null);
  const showProblem = shownProblem !== null;
  const place = shownProblem?.position != null ? problemWindow(draft, shownProblem.position) : null;
  const helpId = `${id}-help`;
  const problemId = `${id}-problem`;

  return (
    <form
      role="search"
      aria-label="Search alarms"
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        search(draft);
      }}
    >
      <label htmlFor={id} className="field-label">
        Search the index
      </label>
      <div className="flex items-start gap-1">
        <div className="relative min-w-0 flex-1">
          <input
            id={id}
            ref={inputRef}
            name="q"
            type="text"
            enterKeyHint="search"
            {...comboboxOf(id, expanded, active)}
            aria-invalid={showProblem ? true : undefined}
            aria-describedby={showProblem ? problemId : undefined}
            value={draft}
            autoComplete="off"
            spellCheck={false}
            placeholder='10.0.0.0/8, user:alice, host:web-01, "brute force" (press /)'
            className={`control w-full font-mono ${showProblem ? "border-red-500 dark:border-red-500" : ""}`}
            onChange={(event) => {
              const input = event.currentTarget;
              edit(input.value, input.selectionStart ?? input.value.length);
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
            onFocus={(event) => {
              setCaret(event.currentTarget.selectionStart ?? 0);
              setOpen(true);
            }}
            onBlur={() => setOpen(false)}
            onKeyDown={(event) => {
              if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                if (!expanded) return;
                event.preventDefault();
                setActive(stepActive(active, event.key, options.length));
              } else if (event.key === "Enter" && expanded && active >= 0) {
                event.preventDefault(); // a suggestion taken, not a search yet
                const option = options[active];
                if (option) choose(option);
              } else if (event.key === "Escape") {
                if (expanded) {
                  setOpen(false);
                  setActive(-1);
                  return;
                }
                // Leave the box as the URL has it, and hand the keys back to the list.
                setDraft(value ?? "");
                event.currentTarget.blur();
              }
            }}
          />
          <OptionsList
            id={id}
            label="Suggestions"
            options={options}
            active={active}
            keyOf={(option) =>
              option.hint === undefined ? `v:${option.value}` : `f:${option.field}`
            }
            render={(option) =>
              option.hint === undefined ? (
                option.value
              ) : (
                <>
                  {option.field}:{" "}
                  <span className="font-sans text-slate-500 dark:text-slate-400">
                    {option.hint}
                  </span>
                </>
              )
            }
            onChoose={choose}
            className="max-w-[min(32rem,90vw)]"
            mono
          />
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
        {value !== undefined ? (
          <button type="button" className="btn" onClick={() => search("")}>
            Clear
          </button>
        ) : null}
        <button
          type="button"
          className="btn"
          aria-expanded={help}
          aria-controls={helpId}
          aria-label="Search fields and examples"
          title="Search fields and examples"
          onPointerEnter={SearchHelp.preload}
          onClick={() => setHelp((was) => !was)}
        >
          ?
        </button>
      </div>
      {showProblem ? (
        <div id={problemId} className="text-xs text-red-800 dark:text-red-300">
          {place ? (
            <pre aria-hidden="true" className="overflow-hidden font-mono leading-tight">
              {place.text}
              {"\n"}
              {" ".repeat(place.caret)}
              <b>^</b>
            </pre>
          ) : null}
          <p>{shownProblem.message}</p>
        </div>
      ) : null}
      {help ? (
        <div id={helpId}>
          <SearchHelp
            onExample={(example) => {
              moveCaret.current = example.length;
              edit(example, example.length);
              inputRef.current?.focus();
            }}
            onClose={() => setHelp(false)}
          />
        </div>
      ) : (
        <div id={helpId} hidden />
      )}
    </form>
  );
}

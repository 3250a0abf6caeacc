import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { SpeciesSearchEntry, SpeciesSearchFn } from './species-search-index.ts';
import { t, tn } from '../site-words.ts';

export type { SpeciesSearchEntry } from './species-search-index.ts';

export interface SpeciesSearchProps {
  /** Returns every species to search; called once, when the box is first focused or typed in. */
  load: () => Promise<readonly SpeciesSearchEntry[]>;
  /** What choosing a species does; by default the browser goes to its `href`. */
  onSelect?: (entry: SpeciesSearchEntry) => void;
  label?: string;
  maxResults?: number;
  className?: string;
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

/**
 * "Find a species": a combobox (ARIA 1.2 pattern: input + listbox, the active option
 * announced through aria-activedescendant) over common and scientific names. The
 * species list and the search library are fetched only when the box is first used, so
 * the page costs nothing more until then; it renders on the server as a plain input.
 */
export function SpeciesSearch({ load, onSelect = (entry) => window.location.assign(entry.href), label = t('search.label'), maxResults = 8, className = '' }: SpeciesSearchProps) {
  const id = useId();
  const { status, search, ensureIndex } = useSpeciesIndex(load);
  const box = useCombobox({ search, maxResults, onSelect, onUse: ensureIndex });
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  return (
    <div className={`relative max-w-md ${className}`}>
      <label htmlFor={`${id}-input`} className="block text-sm uppercase tracking-[0.2em] text-stone-300">
        {label}
      </label>
      <SearchInput
        id={`${id}-input`}
        listId={listId}
        expanded={box.expanded}
        activeId={box.expanded && box.active >= 0 ? optionId(box.active) : undefined}
        query={box.query}
        onFocus={ensureIndex}
        onType={box.onType}
        onBlur={box.close}
        onKeyDown={box.onKeyDown}
      />
      <ResultList id={listId} label={label} results={box.expanded ? box.results : []} active={box.active} optionId={optionId} onChoose={box.choose} />
      <p role="status" className="sr-only">
        {statusMessage(status, box.query, box.results.length, maxResults)}
      </p>
    </div>
  );
}

interface ComboboxOptions {
  search: SpeciesSearchFn | undefined;
  maxResults: number;
  onSelect: (entry: SpeciesSearchEntry) => void;
  /** Called on every keystroke that changes the text: the index is fetched on first use. */
  onUse: () => void;
}

/**
 * The combobox's state: the text typed, whether the list is open, the option the arrow keys
 * have reached, and what the keys do (arrows move and wrap, Enter chooses the active option or
 * the first, Escape closes the list, then clears the text).
 */
function useCombobox({ search, maxResults, onSelect, onUse }: ComboboxOptions) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const results = useMemo(() => (search && query.trim() !== '' ? search(query, maxResults) : []), [search, query, maxResults]);
  const expanded = open && results.length > 0;

  const choose = (entry: SpeciesSearchEntry) => {
    setOpen(false);
    setActive(-1);
    onSelect(entry);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length > 0) setActive((a) => stepActive(a, event.key === 'ArrowDown' ? 1 : -1, results.length));
    } else if (event.key === 'Enter') {
      const entry = results[Math.max(active, 0)];
      if (expanded && entry) {
        event.preventDefault();
        choose(entry);
      }
    } else if (event.key === 'Escape') {
      if (expanded) setOpen(false);
      else setQuery('');
      setActive(-1);
    }
  };

  const onType = (text: string) => {
    onUse();
    setQuery(text);
    setOpen(true);
    setActive(-1);
  };

  return { query, results, expanded, active, choose, onKeyDown, onType, close: () => setOpen(false) };
}

interface SearchInputProps {
  id: string;
  listId: string;
  expanded: boolean;
  /** The option the arrow keys have reached, announced while the focus stays in the box. */
  activeId: string | undefined;
  query: string;
  onFocus: () => void;
  onType: (text: string) => void;
  onBlur: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/** The combobox's text box: it keeps the focus while the arrow keys move through the options. */
function SearchInput({ id, listId, expanded, activeId, query, onFocus, onType, onBlur, onKeyDown }: SearchInputProps) {
  return (
    <input
      id={id}
      type="search"
      role="combobox"
      autoComplete="off"
      spellCheck={false}
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={listId}
      aria-activedescendant={activeId}
      placeholder={t('search.placeholder')}
      value={query}
      onFocus={onFocus}
      onChange={(event) => onType(event.target.value)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      className="mt-2 w-full rounded border border-white/20 bg-stone-900 px-3 py-2 text-stone-50 placeholder:text-stone-500 focus-visible:outline-2 focus-visible:outline-amber-200"
    />
  );
}

/**
 * The species list and the search library, fetched together the first time `ensureIndex`
 * is called; after a failure the next call tries again.
 */
function useSpeciesIndex(load: SpeciesSearchProps['load']) {
  const [status, setStatus] = useState<Status>('idle');
  const [search, setSearch] = useState<SpeciesSearchFn | undefined>(undefined);
  const loading = useRef<Promise<void> | undefined>(undefined);

  const ensureIndex = () => {
    if (loading.current !== undefined) return;
    setStatus('loading');
    loading.current = Promise.all([import('./species-search-index.ts'), load()])
      .then(([module, entries]) => {
        const fn = module.buildSpeciesIndex(entries);
        setSearch(() => fn);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        console.error('Error loading the species search', error);
        loading.current = undefined; // the next focus or keystroke tries again
        setStatus('error');
      });
  };
  return { status, search, ensureIndex };
}

/** The option the arrow keys move to, wrapping around at either end (-1: none active yet). */
function stepActive(active: number, step: 1 | -1, count: number): number {
  if (step === 1) return (active + 1) % count;
  return active <= 0 ? count - 1 : active - 1;
}

/** What the live region announces: the loading state, or how many species match. */
function statusMessage(status: Status, query: string, found: number, maxResults: number): string {
  if (status === 'loading') return t('search.loading');
  if (status === 'error') return t('search.error');
  if (status !== 'ready' || query.trim() === '') return '';
  if (found === 0) return t('search.none');
  return tn(found === maxResults ? 'search.foundBest' : 'search.found', found);
}

interface ResultListProps {
  id: string;
  label: string;
  /** The options shown: none while the list is collapsed. */
  results: readonly SpeciesSearchEntry[];
  active: number;
  optionId: (i: number) => string;
  onChoose: (entry: SpeciesSearchEntry) => void;
}

function ResultList({ id, label, results, active, optionId, onChoose }: ResultListProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox's listbox, WAI-ARIA's pattern
    <ul id={id} role="listbox" aria-label={label} hidden={results.length === 0} className="absolute z-10 mt-1 max-h-80 w-full overflow-auto rounded border border-white/10 bg-stone-900 py-1 shadow-lg">
      {results.map((entry, i) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: WAI-ARIA's combobox pattern: the focus stays in the input, keys act there (aria-activedescendant), an option takes the click
        <li
          key={entry.href}
          id={optionId(i)}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a listbox's options are list items
          role="option"
          aria-selected={i === active}
          // Keeps the focus in the input, so the click is not preceded by a blur that closes the list.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(entry)}
          className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-amber-200 text-stone-950' : 'text-stone-100 hover:bg-stone-800'}`}
        >
          {entry.localName ? (
            <>
              <span lang={entry.localName.lang}>{entry.localName.name}</span> <span lang="en" className={i === active ? 'text-stone-800' : 'text-stone-400'}>{entry.name}</span>
            </>
          ) : (
            entry.name
          )}{' '}
          <i lang="la" className={i === active ? 'text-stone-800' : 'text-stone-400'}>
            {entry.scientificName}
          </i>
        </li>
      ))}
    </ul>
  );
}

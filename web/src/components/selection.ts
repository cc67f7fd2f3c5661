/**
 * What a list's row selection holds (components/useSelection.ts keeps it; the bulk bar,
 * components/BulkActions.tsx, acts on it): a module of its own so that neither imports the other.
 */

/** What is selected: some rows (across pages), or every row the list's filter matches. */
export type Selection<T> = { all: false; rows: T[]; count: number } | { all: true; count: number }

/**
 * The checkbox column of a table that selects rows. DataTable draws it empty while the selection
 * layer's code is fetched, so the columns do not move when the boxes arrive.
 */
export const SELECT_COLUMN = { key: 'select', width: 48 } as const

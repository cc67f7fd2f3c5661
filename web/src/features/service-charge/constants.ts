/** The one settings record's fixed id (giving-rest.md); every read and save names it. */
export const SETTINGS_ID = '5f5b1c2d3e4f5a6b7c8d9e0f'

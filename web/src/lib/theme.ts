/**
 * The console's theme: antd's light palette as the console has always looked (the teal
 * primary on white and #f5f7fa), with every colour that carries text, links, tags or buttons
 * darkened until it reads at WCAG 2.1 AA: 4.5:1 for text, 3:1 for large text and for what is
 * not text (issue 34). antd's defaults stay where they already pass.
 *
 * The one place colours are chosen: Providers hands THEME to antd's ConfigProvider, and code
 * outside antd's components takes its colours from here (or from the theme's tokens).
 *
 * Contrast on white (#fff), measured with the WCAG formula (e2e/a11y.test.mjs checks the
 * screens themselves with axe-core):
 *   primary #1f6f5c 6.0 (white on it 6.0), link #1f6f5c 6.0 (5.3 on the sign-in background),
 *   secondary text 0.62 black 6.2, placeholder 0.6 black 5.7, error #cf1322 5.6, success
 *   #237804 5.6, warning #874d00 6.8, info #0958d9 6.2; each status colour 5.1 or more on its
 *   light background (a status tag), each preset tag's text 5 or more on its light background.
 */
import type { ThemeConfig } from 'antd'

/** The console's primary colour (buttons, the selected menu entry, links). */
export const PRIMARY = '#1f6f5c'
/** The primary colour under the pointer or pressed: darker, so white text on it reads better still. */
const PRIMARY_HOVER = '#185a4a'
const PRIMARY_ACTIVE = '#12463a'
/** The ring of the focused control (index.css draws it as --gc-focus-ring): 6:1 on white. */
export const FOCUS_RING = PRIMARY
/** Text that is not the main text: descriptions, breadcrumbs, counts, secondary Typography. */
export const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.62)'

/** A preset colour's 7th shade under both of its names. */
function shade7(colors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colors).flatMap(([name, value]) => [
      [`${name}7`, value],
      [`${name}-7`, value],
    ]),
  )
}

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorPrimaryHover: PRIMARY_HOVER,
    colorPrimaryActive: PRIMARY_ACTIVE,
    // antd draws links in its blue (#1677ff, 4.1:1): the console's own colour instead.
    colorLink: PRIMARY,
    colorLinkHover: PRIMARY_HOVER,
    colorLinkActive: PRIMARY_ACTIVE,
    colorInfo: '#0958d9',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#874d00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    // Danger buttons and error messages (#ff4d4f was 3.3:1).
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    // Secondary text (antd's 0.45 black, #8c8c8c, was 3.4:1) and placeholders (0.25 black).
    colorTextTertiary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    // Preset tag colours: the text of a tag is its colour's 7th shade on its 1st. Each shade
    // has two names (green7, green-7) that become one CSS variable: both are set.
    ...shade7({
      green: '#237804',
      orange: '#ad4e00',
      gold: '#874d00',
      volcano: '#ad2102',
      cyan: '#006d75',
      lime: '#3f6600',
    }),
    borderRadius: 6,
  },
  components: {
    // An inactive switch writes 'Inactive' in white on its grey (0.25 black, 1.8:1).
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
    // An empty table's text is drawn in the disabled grey (#bfbfbf, 1.8:1).
    Table: { colorTextDisabled: SECONDARY_TEXT },
  },
}

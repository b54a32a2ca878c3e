/**
 * The admin's colour and fonts, on their own: the theme (theme.ts, MUI) uses them, and so does the sign-in page drawn
 * in its HTML (auth/LoginForm.tsx), which is styled without MUI.
 */

export const PRIMARY = '#1558b0';

/**
 * Noto Sans Devanagari (fonts.css: the device's own first, else the admin's copy) for Hindi words and names, then
 * MUI's fonts. It comes first and speaks for Devanagari alone (its unicode-range), so Latin text still uses MUI's: after
 * them it was never reached where Helvetica or Arial stands for a font that has no Devanagari (Liberation Sans on
 * Linux, which drew empty boxes although the font had been downloaded).
 */
export const FONT_FAMILY = '"Noto Sans Devanagari", "Roboto", "Helvetica", "Arial", sans-serif';

// Brand colours shared by the Mantine theme, the web app manifest (vite/web-manifest.ts) and the icons.
// Kept free of imports so the Vite config can load it in Node.

/** Brand blue: primary shade in light mode, manifest theme colour, icon background. */
export const THEME_COLOR = '#1a5ff0';
/** Splash-screen background of the installed app. */
export const BACKGROUND_COLOR = '#ffffff';

/** The build's own settings (Vite), read here only; runtime settings come from `/app-config.json`. */
export const isDevelopmentBuild = import.meta.env.DEV

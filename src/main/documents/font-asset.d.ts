// Vite's `?url` import of a font (app-fonts.ts): the copy's path from the bundle's folder.
// Declared here for .ttf alone rather than through vite/client's types, which would also type
// browser globals for every file of main.
declare module '*.ttf?url' {
  const url: string;
  export default url;
}

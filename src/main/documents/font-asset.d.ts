// electron-vite's `?asset` import (app-fonts.ts): the file's path beside the bundle. Declared
// here for .ttf alone rather than through electron-vite/node's types, which would also retype
// process.env for every file of the project.
declare module '*.ttf?asset' {
  const path: string;
  export default path;
}

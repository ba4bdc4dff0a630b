/** scripts/camera-assets.ts: the folder the camera's reading engines are served from, '/camera/<hash>/'. */
declare module 'virtual:camera-assets' {
  export const CAMERA_ASSETS: string;
}

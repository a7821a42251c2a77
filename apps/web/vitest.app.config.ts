import { webProject } from './vitest.config';

// The whole-app files of the web app's tests, each in a document of its own (vitest.config.ts).
export default webProject('web-app');

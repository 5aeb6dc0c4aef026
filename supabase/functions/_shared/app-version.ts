// The app's version, package.json's: the one the admin panel's badge is built with (src/config/site.ts),
// so the System page of every API host (the Node host, the Edge entry under Deno) says the same.
// Read from the file itself, not from the environment: a deployment has no step that could set it wrong.
import packageJson from '../../../package.json' with { type: 'json' };

export const APP_VERSION: string = packageJson.version;

// `npm run api-permissions`: prints the API operations Backyard calls, from the registry
// (lib/ne/api-permissions.ts), grouped by the API's areas: the list to enable in the app's API
// settings on the NextEngine developer site. `--json` prints them as JSON.
import { API_PERMISSIONS, formatApiPermissions } from "../lib/ne/api-permissions";

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(API_PERMISSIONS.map(({ path, kind, group, label }) => ({ path, kind, group, label })), null, 2));
} else {
  console.log(formatApiPermissions());
}

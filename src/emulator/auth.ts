// Every request carries `apikey`; only the full-access key may use these APIs (the spec wants
// full-access scope), so the optional read-only key gets 403.
import { EmulatorHttpError } from './http-errors.js';

export interface EmulatorKeys {
  apiKey: string;
  readOnlyApiKey?: string;
}

export function checkApiKey(header: string | string[] | undefined, keys: EmulatorKeys): void {
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key === '') {
    throw new EmulatorHttpError(401, 'AUTH_ERR_EMPTY_APIKEY', 'The apikey header is missing from the request.');
  }
  if (keys.readOnlyApiKey !== undefined && key === keys.readOnlyApiKey) {
    throw new EmulatorHttpError(403, 'AUTH_ERR_NO_ACCESS', 'This API key does not have full-access scope.');
  }
  if (key !== keys.apiKey) {
    // The message never echoes the key that was sent.
    throw new EmulatorHttpError(401, 'AUTH_ERR_APIKEY_NOT_FOUND', 'The provided API key is invalid.');
  }
}

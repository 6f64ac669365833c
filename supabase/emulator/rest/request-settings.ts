// The settings PostgREST gives every request's transaction (request.method, request.path,
// request.headers, request.cookies): functions and triggers read them with current_setting(), for
// example a rate limit keyed on the client address in `x-forwarded-for`.
import type { ApiRequest, RequestSettings } from '../types';

export function requestSettings(req: ApiRequest, readOnly: boolean): RequestSettings {
  // PostgREST sits behind the gateway, which strips /rest/v1: it sees /<table> and /rpc/<fn>.
  return { method: req.method, path: req.path, headers: req.headers, readOnly };
}

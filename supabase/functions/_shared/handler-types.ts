// What a handler is and what a route is, apart from the router (api.ts) and the route table
// (routes.ts): handlers import these types and nothing of the router, so imports run one way,
// router -> route table -> handlers.
import type { ApiContext } from './context.ts';

/** A public handler: the request, the API's context and the path's :name parameters, decoded. */
export type RouteHandler = (req: Request, ctx: ApiContext, params: Record<string, string>) => Promise<Response>;

/** An admin route's handler also gets the signed-in admin's name, for the audit log. */
export type AdminRouteHandler = (
  req: Request,
  ctx: ApiContext,
  params: Record<string, string>,
  admin: string,
) => Promise<Response>;

interface RouteBase {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path below /functions/v1/api with :name segments. */
  path: string;
}

export type Route =
  | (RouteBase & {
      handler: RouteHandler;
      /** Public routes need the anon key; `none` is for health and routes with their own secret. */
      auth: 'anon' | 'none';
    })
  /** The anon key and a genuine, unexpired admin session (x-admin-token), checked before the handler. */
  | (RouteBase & { handler: AdminRouteHandler; auth: 'admin' });

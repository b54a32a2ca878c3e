import type { AuthService, SessionAccount } from './services/auth.ts';
import type { ImageStore } from './services/images.ts';
import type { RecordService } from './services/records.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

export interface Services {
  config: Config;
  database: Database;
  auth: AuthService;
  records: RecordService;
  /** Uploaded images, in UPLOADS_DIR. */
  images: ImageStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    /** The signed-in account; set on every route that is not public. */
    account?: SessionAccount;
    /** The bearer token of the request, when it carried one. */
    token?: string;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, forgot password, health). */
    public?: boolean;
    /** Reads a multipart/form-data body with readMultipart(); every other route answers such a body with 415. */
    multipart?: boolean;
  }
}

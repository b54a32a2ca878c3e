/** Any other address under /web: HTTP 404, said in Hindi, with the way home. */
import type { PageResult } from '../site.ts';
import { WORDS } from '../words.ts';

export function notFoundPage(): PageResult {
  return {
    status: 404,
    title: WORDS.notFound.title,
    description: WORDS.notFound.text,
    body: (
      <>
        <h1>{WORDS.notFound.title}</h1>
        <p>{WORDS.notFound.text}</p>
        <p>
          <a href="/web">{WORDS.notFound.home}</a>
        </p>
      </>
    ),
  };
}

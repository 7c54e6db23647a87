import { PAGE_ANSWERS_ELEMENT_ID, PAGE_ANSWERS_MAX_AGE_MS, pageAnswerKey } from '@app/contracts/page-answers';

/** The answers the server sent with the page (ADR 020), read out of the page once, on the first call. */
let answers: Map<string, unknown> | undefined;
/** When the page started: 0 in a browser; the server's drawing of a page starts its own (`answerFromNow`). */
let startedAt = 0;
const age = () => performance.now() - startedAt;

const readAnswers = (): Map<string, unknown> => {
  const element = document.getElementById(PAGE_ANSWERS_ELEMENT_ID);
  element?.remove();
  try {
    const value: unknown = JSON.parse(element?.textContent || '{}');
    return new Map(value && typeof value === 'object' ? Object.entries(value) : []);
  } catch {
    return new Map();
  }
};

/** Whether answers the page came with are still waiting to be used (and young enough to be). */
export function hasPageAnswers(): boolean {
  answers ??= readAnswers();
  return answers.size > 0 && age() <= PAGE_ANSWERS_MAX_AGE_MS;
}

/**
 * The answer the page came with for a GET of `pathAndQuery`, once: a second call, or one made more than
 * PAGE_ANSWERS_MAX_AGE_MS after the page started, goes to the network.
 */
export function takePageAnswer(pathAndQuery: string): { body: unknown } | undefined {
  answers ??= readAnswers();
  if (answers.size === 0) return undefined;
  if (age() > PAGE_ANSWERS_MAX_AGE_MS) {
    answers.clear();
    return undefined;
  }
  const key = pageAnswerKey(pathAndQuery);
  if (!answers.has(key)) return undefined;
  const body = answers.get(key);
  answers.delete(key);
  return { body };
}

/** Forgets the answers: a 401 means they belong to a session that has ended. The next call reads the page again. */
export const forgetPageAnswers = () => {
  document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.remove();
  answers = undefined;
};

/**
 * Starts a page over with these answers (the server's drawing of a session page, ADR 022): what an earlier
 * page left is forgotten, and the answers are young from now.
 */
export function answerFromNow(pageAnswers: Record<string, unknown>) {
  answers = new Map(Object.entries(pageAnswers));
  startedAt = performance.now();
}

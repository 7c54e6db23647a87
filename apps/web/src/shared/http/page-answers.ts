import { PAGE_ANSWERS_ELEMENT_ID, PAGE_ANSWERS_MAX_AGE_MS, pageAnswerKey } from '@app/contracts/page-answers';

/** The answers the server sent with the page (ADR 020), read out of the page once, on the first call. */
let answers: Map<string, unknown> | undefined;

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
  return answers.size > 0 && performance.now() <= PAGE_ANSWERS_MAX_AGE_MS;
}

/**
 * The answer the page came with for a GET of `pathAndQuery`, once: a second call, or one made more than
 * PAGE_ANSWERS_MAX_AGE_MS after the page started, goes to the network.
 */
export function takePageAnswer(pathAndQuery: string): { body: unknown } | undefined {
  answers ??= readAnswers();
  if (answers.size === 0) return undefined;
  if (performance.now() > PAGE_ANSWERS_MAX_AGE_MS) {
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

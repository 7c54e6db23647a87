import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  HASH_FOCUS_DELAY_MS,
  HELP_LOAD_FAILED_MESSAGE,
  HELP_LOADING_MESSAGE,
  answerHtml,
  helpAnchor,
  helpPlainText,
  type FaqTopic,
} from '@app/contracts/help';
import { pushToDataLayer } from '../../shared/analytics/analytics.ts';
import { Button } from '../../shared/ui/button.tsx';
import { SanitisedHtml } from '../../shared/ui/sanitised-html.tsx';
import { useFaqs } from './api/get-faqs.ts';
import { Alert } from '../../shared/ui/alert.tsx';

const questionAnchor = (topic: FaqTopic, question: string) =>
  `${helpAnchor(topic.title)}--${helpAnchor(question)}`;

/**
 * One topic: its title toggles the questions; each question toggles its answer. The container's height
 * follows what is open (opening an answer adds its height, closing takes it away) and is measured again
 * when the window is resized (docs/product/signed-in-pages.md §S2.6).
 */
function Topic({
  topic,
  open,
  openQuestions,
  onToggle,
  onToggleQuestion,
}: {
  topic: FaqTopic;
  open: boolean;
  openQuestions: ReadonlySet<string>;
  onToggle: () => void;
  onToggleQuestion: (anchor: string) => void;
}) {
  const anchor = helpAnchor(topic.title);
  const panelId = `${anchor}-panel`;
  const inner = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);

  const measure = useCallback(() => {
    setHeight(open ? (inner.current?.scrollHeight ?? 0) : 0);
  }, [open]);
  useLayoutEffect(measure, [measure, openQuestions]);
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  return (
    <section className="help-topic" aria-labelledby={`${anchor}-button`}>
      <h2 className="help-topic__heading">
        <button
          type="button"
          id={`${anchor}-button`}
          data-anchor={anchor}
          className="help-topic__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          {helpPlainText(topic.title)}
          <span aria-hidden="true" className="help-topic__chevron" />
        </button>
      </h2>
      <div
        id={panelId}
        className="help-topic__panel"
        style={{ height }}
        hidden={!open}
        data-testid="help-topic-panel"
      >
        <div ref={inner}>
          {topic.questions.map((question) => {
            const qAnchor = questionAnchor(topic, question.question);
            const qOpen = openQuestions.has(qAnchor);
            return (
              <div key={qAnchor} className="help-question">
                <h3 className="help-question__heading">
                  <button
                    type="button"
                    id={`${qAnchor}-button`}
                    data-anchor={qAnchor}
                    className="help-question__toggle"
                    aria-expanded={qOpen}
                    aria-controls={`${qAnchor}-answer`}
                    onClick={() => onToggleQuestion(qAnchor)}
                  >
                    {helpPlainText(question.question)}
                  </button>
                </h3>
                <div id={`${qAnchor}-answer`} hidden={!qOpen} className="help-question__answer">
                  <SanitisedHtml html={answerHtml(question.answer)} />
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

/**
 * The help centre's accordion for a FAQ document (docs/product/signed-in-pages.md §S2.6): 'Loading - Please
 * wait...' while loading, the load-failure message with a retry, analytics events on topic and question
 * clicks, and `#anchor` links that open a topic (or question) and move focus to it after 1 second
 * (docs/product/switches-and-constants.md §S9).
 */
export function FaqAccordion({ documentName }: { documentName: string }) {
  const faqs = useFaqs(documentName);
  const { hash } = useLocation();
  const [openTopics, setOpenTopics] = useState<ReadonlySet<string>>(new Set());
  const [openQuestions, setOpenQuestions] = useState<ReadonlySet<string>>(new Set());
  const root = useRef<HTMLDivElement>(null);

  const flip = (set: ReadonlySet<string>, key: string) => {
    const next = new Set(set);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  };

  // An anchor in the address opens what it names (adjusted while rendering, once per address) ...
  const topics = faqs.data;
  const wanted = decodeURIComponent(hash.replace(/^#/, ''));
  const [openedFor, setOpenedFor] = useState<string>();
  const target = topics?.find(
    (t) =>
      helpAnchor(t.title) === wanted || t.questions.some((q) => questionAnchor(t, q.question) === wanted),
  );
  if (topics && wanted && openedFor !== hash) {
    setOpenedFor(hash);
    if (target) {
      setOpenTopics((set) => new Set([...set, helpAnchor(target.title)]));
      if (wanted !== helpAnchor(target.title)) setOpenQuestions((set) => new Set([...set, wanted]));
    }
  }
  // ... and focuses it after a second (docs/product/switches-and-constants.md §S9: hash focus after 1
  // second).
  const found = Boolean(target);
  useEffect(() => {
    if (!found || !wanted) return;
    const timer = setTimeout(() => {
      const element = root.current?.querySelector<HTMLElement>(`[data-anchor="${CSS.escape(wanted)}"]`);
      element?.scrollIntoView?.({ block: 'start' });
      element?.focus();
    }, HASH_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [found, wanted]);

  if (faqs.isPending) {
    return (
      <div className="help__loading">
        <span className="spinner" aria-hidden="true" />
        <p role="status">{HELP_LOADING_MESSAGE}</p>
      </div>
    );
  }
  if (faqs.isError) {
    return (
      <div className="help__error">
        <Alert>{HELP_LOAD_FAILED_MESSAGE}</Alert>
        <Button variant="secondary" onClick={() => void faqs.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (faqs.data.length === 0) {
    return <p>There are no questions here yet. Call us if you need a hand.</p>;
  }
  return (
    <div className="help-topics" ref={root}>
      {faqs.data.map((topic) => {
        const anchor = helpAnchor(topic.title);
        return (
          <Topic
            key={anchor}
            topic={topic}
            open={openTopics.has(anchor)}
            openQuestions={openQuestions}
            onToggle={() => {
              pushToDataLayer({
                event: 'helpTopicClick',
                document: documentName,
                topic: helpPlainText(topic.title),
                open: !openTopics.has(anchor),
              });
              setOpenTopics((set) => flip(set, anchor));
            }}
            onToggleQuestion={(qAnchor) => {
              const question = topic.questions.find((q) => questionAnchor(topic, q.question) === qAnchor);
              pushToDataLayer({
                event: 'helpQuestionClick',
                document: documentName,
                topic: helpPlainText(topic.title),
                question: helpPlainText(question?.question ?? ''),
                open: !openQuestions.has(qAnchor),
              });
              setOpenQuestions((set) => flip(set, qAnchor));
            }}
          />
        );
      })}
    </div>
  );
}

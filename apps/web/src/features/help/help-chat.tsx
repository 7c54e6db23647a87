import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { answerHtml, type FaqTopic } from '@app/contracts/help';
import { Button } from '../../shared/ui/button.tsx';
import { Popup } from '../../shared/ui/popup.tsx';
import { SanitisedHtml } from '../../shared/ui/sanitised-html.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useFaqs } from './api/get-faqs.ts';

interface Message {
  id: number;
  from: 'member' | 'assistant';
  text: string;
  /** Questions of the help centre that answer it, with their answers. */
  answers?: Array<{ question: string; answer: string }>;
}

const GREETING = `Hi, I'm the ${brand.name} help assistant. Ask me a question and I'll find the answer in our help centre.`;
const NO_ANSWER = "I couldn't find an answer to that. You can call us or see all the ways to contact us.";
/** Short words that say nothing of what a question is about. */
const STOP_WORDS = new Set(
  'a an and are can do does for from get how i if in is it me my of on or the to what when where why with you your'.split(
    ' ',
  ),
);
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>|\{\{\w+\}\}/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));

/** The help centre's questions that share the most words with what the member asked: at most three. */
export function answersFor(question: string, topics: readonly FaqTopic[]) {
  const asked = new Set(wordsOf(question));
  if (asked.size === 0) return [];
  return topics
    .flatMap((topic) => topic.questions)
    .map((entry) => {
      const inQuestion = wordsOf(entry.question).filter((word) => asked.has(word)).length;
      const inAnswer = new Set(wordsOf(entry.answer).filter((word) => asked.has(word))).size;
      return { entry, score: inQuestion * 2 + inAnswer };
    })
    .filter(({ score }) => score >= 2)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map(({ entry }) => entry);
}

/**
 * The chat bot (docs/product/switches-and-constants.md §S9 'chat bot' switch; ADR 038): a help chat in the
 * help centre that answers a typed question with the help centre's own questions and answers, and offers the
 * careline when none fits.
 */
export function HelpChat() {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [messages, setMessages] = useState<Message[]>([{ id: 0, from: 'assistant', text: GREETING }]);
  const nextId = useRef(1);
  const faqs = useFaqs('faqs');

  const send = (event: FormEvent) => {
    event.preventDefault();
    const question = draft.trim();
    if (!question) return;
    const answers = answersFor(question, faqs.data ?? []);
    const id = nextId.current;
    nextId.current += 2;
    setMessages((now) => [
      ...now,
      { id, from: 'member', text: question },
      answers.length > 0
        ? { id: id + 1, from: 'assistant', text: 'This might help:', answers }
        : { id: id + 1, from: 'assistant', text: NO_ANSWER },
    ]);
    setDraft('');
  };

  return (
    <section className="help-chat" aria-labelledby="help-chat-title">
      <h2 id="help-chat-title">Chat with us</h2>
      <p>Ask our help assistant a question, any time.</p>
      <Button onClick={() => setOpen(true)}>Start a chat</Button>
      <Popup open={open} onClose={() => setOpen(false)} title="Help chat">
        <ol className="help-chat__log" aria-live="polite" aria-label="Conversation">
          {messages.map((message) => (
            <li key={message.id} className={`help-chat__message help-chat__message--${message.from}`}>
              <span className="visually-hidden">{message.from === 'member' ? 'You: ' : 'Assistant: '}</span>
              <p>{message.text}</p>
              {message.answers?.map((entry) => (
                <details key={entry.question}>
                  <summary>{entry.question}</summary>
                  <SanitisedHtml html={answerHtml(entry.answer)} />
                </details>
              ))}
              {message.text === NO_ANSWER ? (
                <p>
                  Call {brand.careline.phone} or <Link to="/contact-us">contact us</Link>.
                </p>
              ) : null}
            </li>
          ))}
        </ol>
        <form className="help-chat__form" onSubmit={send}>
          <TextField
            label="Your question"
            value={draft}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit">Send</Button>
        </form>
      </Popup>
    </section>
  );
}

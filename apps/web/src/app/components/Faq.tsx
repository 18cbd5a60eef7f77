import { Accordion, Anchor, Text } from '@mantine/core';
import { type ReactNode } from 'react';
import { Link } from 'react-router';

interface FaqEntry {
  value: string;
  question: string;
  answer: ReactNode;
}

const FAQ: FaqEntry[] = [
  {
    value: 'round',
    question: 'What is a round?',
    answer: (
      <>
        A round is one cycle of data collection against a fixed set of models. While a round is
        open, people write examples that try to fool the models in the loop. When it closes, the
        collected examples are used to train and evaluate stronger models, and the next round starts
        against those — so every round is harder than the one before.
      </>
    ),
  },
  {
    value: 'fooling',
    question: 'What does fooling a model mean?',
    answer: (
      <>
        You fool a model when you write an example whose correct answer you know, and the model gets
        it wrong: it predicts a different label, or gives a wrong answer to your question. The share
        of collected examples that fooled the model is the model error rate shown on each task.
      </>
    ),
  },
  {
    value: 'dynascore',
    question: 'What is the dynascore?',
    answer: (
      <>
        The dynascore ranks models on a leaderboard by combining several metrics — such as accuracy,
        robustness, fairness, compute and memory — with weights that you, the reader, choose.
        Because the weights are yours and the data keeps changing from round to round, the dynascore
        is dynamic: it should not be cited on its own, only together with the weights, the round and
        the individual metrics it was computed from.
      </>
    ),
  },
  {
    value: 'propose',
    question: 'Who can propose a task?',
    answer: (
      <>
        Anyone with an account can propose a new task. A proposal describes the problem, how
        examples are labelled and how models are evaluated. The platform team reviews each proposal;
        once it is accepted, the proposer becomes the task owner and sets up its rounds and models.
      </>
    ),
  },
  {
    value: 'validation',
    question: 'How are examples validated?',
    answer: (
      <>
        Every example that fools a model is checked by other people, who mark it correct, incorrect
        or flag it. An example counts as verified once enough validators agree with its author; task
        owners can also validate examples directly. Only verified examples count towards the
        “verified fooled” figure.
      </>
    ),
  },
  {
    value: 'data',
    question: 'How is my data used?',
    answer: (
      <>
        The examples you submit can be published in open datasets so that anyone can train and
        evaluate models with them. Your account details are never published. The{' '}
        <Anchor component={Link} to="/datapolicy" inherit>
          Data Policy
        </Anchor>{' '}
        and the{' '}
        <Anchor component={Link} to="/termsofuse" inherit>
          Terms of Use
        </Anchor>{' '}
        explain the details.
      </>
    ),
  },
];

export function Faq() {
  return (
    <Accordion variant="separated" order={3} multiple>
      {FAQ.map((entry) => (
        <Accordion.Item key={entry.value} value={entry.value}>
          <Accordion.Control>{entry.question}</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm">{entry.answer}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

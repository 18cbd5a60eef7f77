import { type ExampleDetail, type TaskDetail } from '@dynaloop/contract';
import { makeTaskDetail } from './fixtures';

/** The demo sentiment task's configuration (data/tasks/sentiment/task.yaml). */
export const SENTIMENT_CONFIG = `
aggregation_metric:
  type: dynascore
perf_metric:
  type: macro_f1
  reference_name: label
model_wrong_metric:
  type: exact_match
  reference_names: [label]
goal_message: write a statement that the model labels wrongly.
context:
  - name: context
    type: string
    placeholder: Context
input:
  - name: statement
    type: string
    placeholder: Enter statement...
  - name: label
    type: multiclass
    labels: [negative, positive, neutral]
    as_goal_message: true
output:
  - name: label
  - name: prob
    type: prob
    reference_name: label
metadata:
  create:
    - name: example_explanation
      type: string
      display_name: example explanation
    - name: model_explanation_wrong
      type: string
      model_wrong_condition: true
      display_name: model explanation
    - name: model_explanation_right
      type: string
      model_wrong_condition: false
      display_name: why the model was right
  validate:
    - name: corrected_label
      type: multiclass
      labels: [negative, positive, neutral]
      validated_label_condition: incorrect
    - name: flag_reason
      type: string
      validated_label_condition: flagged
`;

/** The demo QA task's configuration: the answer is a passage selected in the context. */
export const QA_CONFIG = `
perf_metric:
  type: squad_f1
  reference_name: answer
model_wrong_metric:
  type: string_f1
  reference_name: answer
  threshold: 0.4
goal_message: enter a question and select an answer in the context, such that the model is fooled.
content_warning: Passages may mention historical violence.
context:
  - name: context
    type: string
input:
  - name: question
    type: string
    placeholder: Ask a question...
  - name: answer
    type: context_string_selection
    reference_name: context
output:
  - name: answer
  - name: conf
    type: prob
    single_prob: true
metadata:
  validate:
    - name: corrected_answer
      type: context_string_selection
      reference_name: context
      validated_label_condition: incorrect
`;

export const QA_PASSAGE =
  "Ravensmoor's clock tower was built in 1903 to celebrate the town's first electricity station.";

export function sentimentTask(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return makeTaskDetail({
    id: 7,
    task_code: 'sentiment',
    name: 'Sentiment Analysis',
    cur_round: 1,
    config_yaml: SENTIMENT_CONFIG,
    instructions_md:
      'Write a statement with a **positive**, **negative** or neutral sentiment.\n\nSarcasm is a good start.',
    dynamic_adversarial_data_validation: true,
    ...overrides,
  });
}

export function qaTask(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return makeTaskDetail({
    id: 9,
    task_code: 'qa',
    name: 'Question Answering',
    cur_round: 1,
    config_yaml: QA_CONFIG,
    ...overrides,
  });
}

export const VADER = {
  id: 12,
  name: 'vader-sentiment-baseline',
  light_model: '/api/models/12/predict',
  endpoint_name: 'builtin-sentiment-12',
};

export function makeExample(overrides: Partial<ExampleDetail> = {}): ExampleDetail {
  return {
    id: 41,
    tid: 7,
    rid: 1,
    cid: 3,
    uid: 2,
    tag: null,
    input: { statement: 'Oh great, another Monday.', label: 'negative' },
    output: { label: 'positive', prob: { negative: 0.1, positive: 0.8, neutral: 0.1 } },
    metadata: {},
    context: {
      context: 'Mondays at the office.',
      context_json: '{"context":"Mondays at the office."}',
    },
    input_json: '{"statement":"Oh great, another Monday.","label":"negative"}',
    output_json: '{"label":"positive","prob":{"negative":0.1,"positive":0.8,"neutral":0.1}}',
    metadata_json: '{}',
    model_wrong: true,
    model_endpoint_name: 'builtin-sentiment-12',
    retracted: false,
    flagged: false,
    total_verified: 0,
    verdict: 'pending',
    generated_datetime: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

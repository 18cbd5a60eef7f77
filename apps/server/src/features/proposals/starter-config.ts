/**
 * The configuration an accepted proposal starts with: a working text-classification setup the
 * owner edits in the console before activating the task.
 */
export const STARTER_CONFIG_YAML = `aggregation_metric:
  type: dynascore
perf_metric:
  type: macro_f1
  reference_name: label
model_wrong_metric:
  type: exact_match
  reference_names: [label]
goal_message: write an example that the model labels wrongly.
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
`;

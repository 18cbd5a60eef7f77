/** URL of a model's page. */
export const modelPath = (id: number) => `/models/${String(id)}`;

/** URL of a model's edit page, under its task. */
export const updateModelInfoPath = (taskCode: string, id: number) =>
  `/tasks/${encodeURIComponent(taskCode)}/models/${String(id)}/updateModelInfo`;

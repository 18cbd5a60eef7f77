/** A multipart body holding one file in the field `file`, as every upload route reads it. */
export function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

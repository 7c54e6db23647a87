/** The text a form's field holds (`''` for a file or a missing field), as typed: no trimming. */
export const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

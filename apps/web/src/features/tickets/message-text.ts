/** Whether the editor's HTML holds no text (an empty paragraph is what a cleared editor keeps). */
export function isEmptyMessage(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

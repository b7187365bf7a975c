/** An id from the address (a route's `:id`, a `?edit=` or `?accountId=`): a positive whole number, else null. */
export function positiveId(value: string | null | undefined): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

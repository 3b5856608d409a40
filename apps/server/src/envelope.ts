/** A successful answer in the one envelope of the API: `{ status: 1, message: '', data }`. */
export const ok = <T>(data: T) => ({ status: 1, message: '', data });

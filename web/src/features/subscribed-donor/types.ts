/**
 * Rows of the subscribed and one-time donor lists (giving REST contract, module
 * /subscribed_donor). Written to the contract until web/src/api/schema.d.ts has them; then this
 * becomes an alias of its schema, here only.
 */
export interface DonorTotalsRow {
  _id: string
  donorId: string
  firstName: string
  lastName: string
  /** The nonprofit or community given to. */
  name: string
  email: string
  phoneNumber: string
  subscribedDonorCount: number
  totalAmountCents: number
  /** Dollars as text: '1234.50'. */
  totalAmount: string
}

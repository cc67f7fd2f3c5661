import type { Donor, DonorDetail } from '../../types'
import type { Transaction } from '../../../transaction/types'

export const joined = new Date(2024, 2, 5, 15, 7).getTime()

export const ann: Donor = {
  _id: 'd1',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.org',
  phoneNumber: '5551234567',
  avatar: 'ann.png',
  address: '1 Main St',
  city: 'Albany',
  state: 'New York',
  country: 'United States',
  cityId: '111',
  stateId: '3956',
  countryId: '233',
  zipCode: '12207',
  isActive: true,
  createdAt: joined,
  updatedAt: joined,
  totalGivenCents: 123450,
  donationsCount: 7,
}

export const bob: Donor = {
  ...ann,
  _id: 'd2',
  firstName: 'Bob',
  lastName: 'Ray',
  email: 'bob@example.org',
  phoneNumber: '',
  avatar: '',
  city: '',
  state: '',
  country: '',
  isActive: false,
  totalGivenCents: 5,
  donationsCount: 1,
}

export const gift: Transaction = {
  _id: 't1',
  donorId: 'd1',
  donorName: 'Ann Lee',
  donorEmail: 'ann@example.org',
  recipientType: 'charity',
  recipientId: 'c1',
  recipientName: 'Clean Water',
  amountCents: 10000,
  currency: 'usd',
  processingFeeBp: 290,
  serviceChargeBp: 500,
  processingFeeCents: 290,
  serviceChargeCents: 500,
  netCents: 9210,
  paymentMethod: 'card',
  status: 'succeeded',
  type: 'recurring',
  subscriptionId: 's1',
  receiptNumber: 'R-0001',
  providerReference: 'pi_123',
  createdAt: joined,
  refundedAt: 0,
}

export const annDetail: DonorDetail = {
  donor: ann,
  badges: [{ badgeId: 'b1', name: 'First Gift', image: 'first.png', awardedAt: joined }],
  recentTransactions: [gift],
  subscriptions: [
    {
      _id: 's1',
      donorId: 'd1',
      recipientType: 'charity',
      recipientId: 'c1',
      recipientName: 'Clean Water',
      amountCents: 2500,
      currency: 'usd',
      interval: 'monthly',
      status: 'active',
      startedAt: joined,
      nextChargeAt: 0,
      chargesCount: 3,
      cancelledAt: 0,
    },
  ],
}

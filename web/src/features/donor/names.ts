import type { Donor } from './types'

/** 'Ann Lee' */
export const donorName = (d: Pick<Donor, 'firstName' | 'lastName'>) =>
  [d.firstName, d.lastName].filter(Boolean).join(' ')

/** 'Portland, Oregon, United States' (the parts that are there). */
export const donorLocation = (d: Pick<Donor, 'city' | 'state' | 'country'>) =>
  [d.city, d.state, d.country].filter(Boolean).join(', ')

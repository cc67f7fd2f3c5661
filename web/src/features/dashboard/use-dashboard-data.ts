/** The dashboard's figures: one call (GET dashboard-data), shared by the cards and the screen's titles. */
import { useRecord } from '../../lib/query'
import { getDashboardData } from './api/dashboard'

const DASHBOARD_DATA_KEY = ['dashboard', 'data']

export function useDashboardData() {
  return useRecord(DASHBOARD_DATA_KEY, getDashboardData)
}

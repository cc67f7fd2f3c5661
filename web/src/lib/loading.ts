/** Global loading counter: one per request in flight; the app spinner shows while > 0. */
import { create } from 'zustand'

interface LoadingState {
  pending: number
  start: () => void
  finish: () => void
}

export const useLoading = create<LoadingState>()((set) => ({
  pending: 0,
  start: () => set((s) => ({ pending: s.pending + 1 })),
  finish: () => set((s) => ({ pending: Math.max(0, s.pending - 1) })),
}))

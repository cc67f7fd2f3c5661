/**
 * The location lists of the forms' tests (LocationFields): the United States (233) and Canada
 * (39); New York (3956) for every country; Albany (111) for every state.
 */
import type { MockApi } from './mock-api'

export function withPlaces(api: MockApi): MockApi {
  return api
    .on('GET /v1/common/getAllCountry', [
      200,
      {
        message: 'ok',
        data: [
          { id: 233, name: 'United States' },
          { id: 39, name: 'Canada' },
        ],
      },
    ])
    .on('GET /v1/common/getAllState', [200, { message: 'ok', data: [{ id: 3956, name: 'New York' }] }])
    .on('GET /v1/common/getAllCities', [200, { message: 'ok', data: [{ id: 111, name: 'Albany' }] }])
}

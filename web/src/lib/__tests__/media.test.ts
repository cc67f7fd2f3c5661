import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, type MockApi } from '../../testing/mock-api'
import { removeImage, removeVideo, uploadImage, uploadVideo } from '../media'
import { loadMetaData, mediaFileUrl, resetMetaData } from '../meta-data'
import { clearLocationCache, findPlace, matchLocation, getCities, getCountries, getStates } from '../locations'

let api: MockApi

beforeEach(() => {
  api = mockApi()
  resetMetaData()
  clearLocationCache()
})
afterEach(() => api.restore())

describe('media calls', () => {
  it('uploads an image as multipart { image, moduleName }', async () => {
    api.on('POST /local-image/uploadImage', [
      200,
      { message: 'ok', data: { name: 'a1.png', moduleName: 'charity', url: '/media/charity/a1.png' } },
    ])
    const file = new File(['png'], 'logo.png', { type: 'image/png' })
    expect(await uploadImage(file, 'charity')).toEqual({
      name: 'a1.png',
      moduleName: 'charity',
      url: '/media/charity/a1.png',
    })
    const body = api.callsTo('POST /local-image/uploadImage')[0].body as FormData
    expect(body).toBeInstanceOf(FormData)
    expect((body.get('image') as File).name).toBe('logo.png')
    expect(body.get('moduleName')).toBe('charity')
  })

  it('uploads a video as multipart { video, moduleName }', async () => {
    api.on('POST /local-image/uploadVideo', [
      200,
      { message: 'ok', data: { name: 'v.mp4', moduleName: 'event', url: '' } },
    ])
    await uploadVideo(new File(['v'], 'clip.mp4', { type: 'video/mp4' }), 'event')
    const body = api.callsTo('POST /local-image/uploadVideo')[0].body as FormData
    expect((body.get('video') as File).name).toBe('clip.mp4')
    expect(body.get('moduleName')).toBe('event')
  })

  it('removes images and videos with { moduleName, fileName }', async () => {
    api.on('POST /local-image/removeImage', [200, { message: 'Image removed successfully' }])
    api.on('POST /local-image/removeVideo', [200, { message: 'Image removed successfully' }])
    await removeImage('charity', 'a1.png')
    await removeVideo('event', 'v.mp4')
    expect(api.callsTo('POST /local-image/removeImage')[0].body).toEqual({ moduleName: 'charity', fileName: 'a1.png' })
    expect(api.callsTo('POST /local-image/removeVideo')[0].body).toEqual({ moduleName: 'event', fileName: 'v.mp4' })
  })
})

describe('metadata', () => {
  it('loads once and builds media addresses', async () => {
    api.on('GET /auth/metaData', [
      200,
      { message: 'ok', data: { mediaURL: 'https://cdn.example.org/media/', placeholder: 'p.png' } },
    ])
    const [a, b] = await Promise.all([loadMetaData(), loadMetaData()])
    expect(a).toEqual({ mediaURL: 'https://cdn.example.org/media/', placeholder: 'p.png' })
    expect(b).toBe(a)
    await loadMetaData()
    expect(api.callsTo('GET /auth/metaData')).toHaveLength(1)
    expect(mediaFileUrl(a, 'charity', 'a 1.png')).toBe('https://cdn.example.org/media/charity/a%201.png')
    expect(mediaFileUrl(a, 'charity', '')).toBe('')
    expect(mediaFileUrl(null, 'charity', 'x.png')).toBe('/media/charity/x.png')
  })

  it('asks again after a failure', async () => {
    api.on('GET /auth/metaData', [503, { message: 'down' }])
    await expect(loadMetaData()).rejects.toBeTruthy()
    api.on('GET /auth/metaData', [200, { message: 'ok', data: { mediaURL: '/media', placeholder: '' } }])
    expect((await loadMetaData()).mediaURL).toBe('/media')
    expect(api.callsTo('GET /auth/metaData')).toHaveLength(2)
  })
})

describe('locations', () => {
  it('loads countries, states and cities once each', async () => {
    api
      .on('GET /v1/common/getAllCountry', [200, { message: 'ok', data: [{ id: 233, name: 'United States' }] }])
      .on('GET /v1/common/getAllState', [200, { message: 'ok', data: [{ id: 1, name: 'New York' }] }])
      .on('GET /v1/common/getAllCities', [200, { message: 'ok', data: [{ id: 7, name: 'Albany' }] }])
    expect(await getCountries()).toEqual([{ id: 233, name: 'United States' }])
    await getCountries()
    expect(api.callsTo('GET /v1/common/getAllCountry')).toHaveLength(1)
    expect(await getStates(233)).toEqual([{ id: 1, name: 'New York' }])
    expect(await getCities(1)).toEqual([{ id: 7, name: 'Albany' }])
    expect(findPlace([{ id: 1, name: 'New York' }], ' new york ')).toEqual({ id: 1, name: 'New York' })
    expect(findPlace([{ id: 1, name: 'New York' }], '')).toBeUndefined()
  })

  it('finds a place by name, else by code, ignoring case', () => {
    const states = [
      { id: 1, name: 'Oregon', code: 'OR' },
      { id: 2, name: 'Or', code: 'XX' },
      { id: 3, name: 'Ohio', code: 'OH' },
    ]
    expect(findPlace(states, 'oh')?.name).toBe('Ohio')
    expect(findPlace(states, 'OREGON')?.name).toBe('Oregon')
    // A name wins over a code.
    expect(findPlace(states, 'OR')?.name).toBe('Or')
    expect(findPlace(states, 'Atlantis')).toBeUndefined()
  })

  it('matches saved texts to the lists level by level, and reports those no list holds', async () => {
    api
      .on('GET /v1/common/getAllCountry', [
        200,
        { message: 'ok', data: [{ id: 233, name: 'United States', code: 'US' }] },
      ])
      .on('GET /v1/common/getAllState', [200, { message: 'ok', data: [{ id: 3656, name: 'Oregon', code: 'OR' }] }])
      .on('GET /v1/common/getAllCities', [200, { message: 'ok', data: [{ id: 32046, name: 'Portland' }] }])
    expect(await matchLocation({ country: 'United States', state: 'OR', city: 'PORTLAND' })).toEqual({
      names: { country: 'United States', state: 'Oregon', city: 'Portland' },
      unlisted: {},
    })
    expect(await matchLocation({ country: 'united states', state: 'oregon', city: 'Salem' })).toEqual({
      names: { country: 'United States', state: 'Oregon' },
      unlisted: { city: 'Salem' },
    })
    // Below an unlisted state no city can be matched.
    expect(await matchLocation({ country: 'US', state: 'Atlantis', city: 'Portland' })).toEqual({
      names: { country: 'United States' },
      unlisted: { state: 'Atlantis', city: 'Portland' },
    })
    expect(await matchLocation({})).toEqual({ names: {}, unlisted: {} })
  })

  it('rejects when a list cannot be loaded', async () => {
    api.on('GET /v1/common/getAllCountry', [503, { message: 'Service unavailable', code: 'UNAVAILABLE' }])
    await expect(matchLocation({ country: 'United States' })).rejects.toBeTruthy()
  })
})

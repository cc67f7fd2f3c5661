/**
 * The media server of the tests: the meta data naming it (GET /auth/metaData) and image uploads
 * answered with numbered file names ('1-photo.png', then '2-…') in a module's folder.
 */
import type { Handler, Reply } from './mock-api'

export const META_DATA: Reply = [
  200,
  { message: 'ok', data: { mediaURL: 'https://cdn.example.org/media', placeholder: 'p.png' } },
]

/** POST /local-image/uploadImage into `moduleName`: each upload gets the next number before its file's name. */
export function numberedUploads(moduleName: string): Handler {
  let uploads = 0
  return (call) => {
    uploads += 1
    const name = `${uploads}-${((call.body as FormData).get('image') as File).name}`
    return [200, { message: 'ok', data: { name, moduleName, url: `/media/${moduleName}/${name}` } }]
  }
}

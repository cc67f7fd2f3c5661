/** "New conversation": pick a donor (POST /admin/user/userList), then POST createRoom opens its room. */
import { useState } from 'react'
import { Button, Form } from 'antd'
import { LazyModal } from '../../../components/LazyModal'
import { PlusOutlined } from '@ant-design/icons'
import { AsyncSelect, type AsyncValue } from '../../../components/AsyncSelect'
import { fieldErrorsOf } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { donorLoader } from '../../../components/option-loaders'
import { createRoom } from '../api/chat'
import { messages } from '../constants'
import type { Room } from '../types'

export function NewConversation({ onOpened }: { onOpened: (room: Room) => void }) {
  const [open, setOpen] = useState(false)
  const [user, setUser] = useState<AsyncValue | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const close = () => {
    setOpen(false)
    setUser(null)
    setError(null)
  }

  const submit = async () => {
    if (!user) {
      setError(messages.userRequired)
      return
    }
    setBusy(true)
    try {
      const res = await createRoom(user.value)
      toast.success(res.message || 'Success')
      close()
      onOpened(res.data)
    } catch (e) {
      const field = fieldErrorsOf(e).find((f) => f.name[0] === 'userId')
      if (field) setError(field.errors[0])
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        New conversation
      </Button>
      <LazyModal
        open={open}
        title="New conversation"
        onCancel={close}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={close} disabled={busy}>
            Cancel
          </Button>,
          <Button key="open" type="primary" loading={busy} onClick={() => void submit()}>
            Open chat
          </Button>,
        ]}
      >
        <Form layout="vertical">
          <Form.Item label="User" required validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
            <AsyncSelect
              aria-label="User"
              placeholder="Select a donor"
              loader={donorLoader}
              value={user}
              onChange={(value) => {
                setUser(value)
                setError(null)
              }}
            />
          </Form.Item>
        </Form>
      </LazyModal>
    </>
  )
}

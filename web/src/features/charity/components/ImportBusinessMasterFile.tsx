/**
 * The import of an IRS Exempt Organizations Business Master File (bff/API.md, "Nonprofit
 * import"), in a modal: choose a .csv, upload it with a progress bar, read the dry-run
 * summary (rows, new, changed, unchanged, skipped, invalid, and the invalid rows with their
 * row number and reason), then Apply, which writes it and shows the final summary.
 */
import { useState } from 'react'
import { Alert, Button, Descriptions, Progress, Space, Upload } from 'antd'
import { LazyModal } from '../../../components/LazyModal'
import { TableView } from '../../../components/TableView'
import { Heading } from '../../../components/Heading'
import { InboxOutlined } from '@ant-design/icons'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { applyCharityImport, uploadCharityImport } from '../api/import-charities'
import type { ImportSummary } from '../types'

export const CSV_REQUIRED_MESSAGE = 'Please choose a .csv file'

type Step =
  | { name: 'choose' }
  | { name: 'uploading'; percent: number }
  | { name: 'review'; summary: ImportSummary }
  | { name: 'applying'; summary: ImportSummary }
  | { name: 'done'; summary: ImportSummary }

export interface ImportBusinessMasterFileProps {
  open: boolean
  onClose: () => void
  /** Called once the import was applied (the list reloads). */
  onApplied: () => void
}

const isCsv = (file: File) => /\.csv$/i.test(file.name)

function Summary({ summary }: { summary: ImportSummary }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={3}
      aria-label="Import summary"
      items={[
        { key: 'rows', label: 'Rows', children: summary.rows },
        { key: 'new', label: 'New', children: summary.new },
        { key: 'changed', label: 'Changed', children: summary.changed },
        { key: 'unchanged', label: 'Unchanged', children: summary.unchanged },
        { key: 'skipped', label: 'Skipped', children: summary.skipped },
        { key: 'invalid', label: 'Invalid', children: summary.invalid },
      ]}
    />
  )
}

function InvalidRows({ summary }: { summary: ImportSummary }) {
  const errors = summary.errors ?? []
  if (errors.length === 0) return null
  return (
    <>
      <Heading level={5} style={{ marginTop: 16 }}>
        Invalid rows
      </Heading>
      <TableView
        aria-label="Invalid rows"
        size="small"
        rowKey={(e) => `${e.row}-${e.reason}`}
        rows={errors}
        pageSize={10}
        empty="No invalid rows"
        columns={[
          { title: 'Row', dataIndex: 'row', key: 'row', width: 90 },
          { title: 'Reason', dataIndex: 'reason', key: 'reason' },
        ]}
      />
    </>
  )
}

export function ImportBusinessMasterFile({ open, onClose, onApplied }: ImportBusinessMasterFileProps) {
  const [file, setFile] = useState<File | null>(null)
  const [step, setStep] = useState<Step>({ name: 'choose' })
  const [problem, setProblem] = useState<string | null>(null)

  const choose = (chosen: File) => {
    setProblem(null)
    if (!isCsv(chosen)) {
      setFile(null)
      setProblem(CSV_REQUIRED_MESSAGE)
      return
    }
    setFile(chosen)
  }

  const upload = async () => {
    if (!file) {
      setProblem(CSV_REQUIRED_MESSAGE)
      return
    }
    setProblem(null)
    setStep({ name: 'uploading', percent: 0 })
    try {
      const res = await uploadCharityImport(file, (percent) =>
        setStep((current) => (current.name === 'uploading' ? { name: 'uploading', percent } : current)),
      )
      setStep({ name: 'review', summary: res.data })
    } catch (e) {
      // The request client has shown the failure as a toast; keep it next to the file too.
      setProblem(errorMessage(e))
      setStep({ name: 'choose' })
    }
  }

  const apply = async () => {
    if (step.name !== 'review') return
    const dryRun = step.summary
    setStep({ name: 'applying', summary: dryRun })
    try {
      const res = await applyCharityImport(dryRun.importId)
      toast.success(res.message || 'Success')
      setStep({ name: 'done', summary: res.data })
      onApplied()
    } catch (e) {
      // A forgotten upload (404) has to be uploaded again.
      setProblem(errorMessage(e))
      setStep({ name: 'choose' })
    }
  }

  const busy = step.name === 'uploading' || step.name === 'applying'

  const footer =
    step.name === 'done'
      ? [
          <Button key="close" type="primary" onClick={onClose}>
            Close
          </Button>,
        ]
      : step.name === 'review' || step.name === 'applying'
        ? [
            <Button key="cancel" onClick={onClose} disabled={busy}>
              Cancel
            </Button>,
            <Button key="apply" type="primary" loading={step.name === 'applying'} onClick={apply}>
              Apply
            </Button>,
          ]
        : [
            <Button key="cancel" onClick={onClose} disabled={busy}>
              Cancel
            </Button>,
            <Button key="upload" type="primary" loading={busy} disabled={!file} onClick={upload}>
              Upload
            </Button>,
          ]

  return (
    <LazyModal
      open={open}
      title="Import Business Master File"
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      mask={{ closable: false }}
      destroyOnHidden
      width={720}
      footer={footer}
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}

      {(step.name === 'choose' || step.name === 'uploading') && (
        <>
          <Upload.Dragger
            accept=".csv,text/csv"
            maxCount={1}
            multiple={false}
            disabled={busy}
            beforeUpload={(chosen) => {
              choose(chosen)
              return false
            }}
            onRemove={() => {
              setFile(null)
              return true
            }}
            fileList={file ? [{ uid: 'bmf', name: file.name, status: 'done' }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Choose the Business Master File (.csv)</p>
            <p className="ant-upload-hint">
              IRS Exempt Organizations Business Master File extract: EIN, NAME, STREET, CITY, STATE, ZIP, …, NTEE_CD
            </p>
          </Upload.Dragger>
          {step.name === 'uploading' && (
            <Progress aria-label="Upload progress" percent={step.percent} status="active" style={{ marginTop: 16 }} />
          )}
        </>
      )}

      {(step.name === 'review' || step.name === 'applying') && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            title="Dry run: nothing has been written yet. Apply writes the new and changed nonprofits."
          />
          <Summary summary={step.summary} />
          <InvalidRows summary={step.summary} />
        </Space>
      )}

      {step.name === 'done' && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type="success" showIcon title="Import applied" />
          <Summary summary={step.summary} />
          <InvalidRows summary={step.summary} />
        </Space>
      )}
    </LazyModal>
  )
}

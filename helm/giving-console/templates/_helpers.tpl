{{/*
Names and labels of the Giving Console chart, and the helpers every template shares.
*/}}

{{- define "gc.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* "<release>-<chart>", or the release name when it already contains the chart name. */}}
{{- define "gc.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "gc.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Name of one component's resources: "<fullname>-<component>". Args: ctx, component. */}}
{{- define "gc.componentName" -}}
{{- printf "%s-%s" (include "gc.fullname" .ctx) .component | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Selector labels of one component. Args: ctx, component. */}}
{{- define "gc.selectorLabels" -}}
app.kubernetes.io/name: {{ include "gc.name" .ctx }}
app.kubernetes.io/instance: {{ .ctx.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* Labels of every resource of the release (no component). */}}
{{- define "gc.releaseLabels" -}}
app.kubernetes.io/name: {{ include "gc.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* All labels of one component's resources. Args: ctx, component. */}}
{{- define "gc.labels" -}}
helm.sh/chart: {{ include "gc.chart" .ctx }}
{{ include "gc.selectorLabels" . }}
app.kubernetes.io/part-of: giving-console
app.kubernetes.io/version: {{ .ctx.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .ctx.Release.Service }}
{{- with .ctx.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{- define "gc.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "gc.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/*
Image reference. Args: ctx, image (repository/tag/digest), default (repository when empty).
registry + repository, then "@digest" when a digest is set, else ":tag" (own tag, then
image.tag, then appVersion).
*/}}
{{- define "gc.image" -}}
{{- $repo := default .default .image.repository -}}
{{- with .ctx.Values.image.registry -}}
{{- $repo = printf "%s/%s" (trimSuffix "/" .) $repo -}}
{{- end -}}
{{- if .image.digest -}}
{{- printf "%s@%s" $repo .image.digest -}}
{{- else -}}
{{- $tag := .image.tag | default .ctx.Values.image.tag | default .ctx.Chart.AppVersion -}}
{{- printf "%s:%s" $repo (toString $tag) -}}
{{- end -}}
{{- end -}}

{{/*
Deep merge that, unlike sprig's merge/mergeOverwrite, lets false, 0 and "" override:
maps merge key by key, everything else in `over` replaces `base`. Returns YAML.
Args: base, over.
*/}}
{{- define "gc.deepMerge" -}}
{{- $out := deepCopy (.base | default dict) -}}
{{- range $k, $v := (.over | default dict) -}}
{{- $b := get $out $k -}}
{{- if and (kindIs "map" $v) (kindIs "map" $b) -}}
{{- $_ := set $out $k (fromYaml (include "gc.deepMerge" (dict "base" $b "over" $v))) -}}
{{- else -}}
{{- $_ := set $out $k $v -}}
{{- end -}}
{{- end -}}
{{- toYaml $out -}}
{{- end -}}

{{/*
The enabled services, each as serviceDefaults merged with its own entry, plus its
`name`. Returns YAML {services: [...]} sorted by name. Arg: the root context.
*/}}
{{- define "gc.services" -}}
{{- $list := list -}}
{{- range $name := keys .Values.services | sortAlpha -}}
{{- $svc := fromYaml (include "gc.deepMerge" (dict "base" $.Values.serviceDefaults "over" (get $.Values.services $name))) -}}
{{- if $svc.enabled -}}
{{- $_ := set $svc "name" $name -}}
{{- $list = append $list $svc -}}
{{- end -}}
{{- end -}}
{{- toYaml (dict "services" $list) -}}
{{- end -}}

{{/* "catalogue-v2" -> "CATALOGUE_V2": the prefix of a service's variables. */}}
{{- define "gc.envPrefix" -}}
{{- . | upper | replace "-" "_" -}}
{{- end -}}

{{/* Where people reach the console. */}}
{{- define "gc.publicUrl" -}}
{{- if .Values.bff.publicUrl -}}
{{- .Values.bff.publicUrl -}}
{{- else if and .Values.ingress.enabled .Values.ingress.host -}}
{{- printf "%s://%s" (ternary "https" "http" .Values.ingress.tls.enabled) .Values.ingress.host -}}
{{- else -}}
http://localhost:{{ .Values.bff.service.port }}
{{- end -}}
{{- end -}}

{{/* A secretKeyRef env entry. Args: name (variable), secret, key, optional. */}}
{{- define "gc.secretEnv" -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ .secret | quote }}
      key: {{ .key | quote }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end -}}

{{/* Pod-level fields shared by every Deployment. Args: ctx, cfg (component settings). */}}
{{- define "gc.podCommon" -}}
serviceAccountName: {{ include "gc.serviceAccountName" .ctx }}
automountServiceAccountToken: false
enableServiceLinks: false
terminationGracePeriodSeconds: {{ int .cfg.terminationGracePeriodSeconds }}
securityContext:
  {{- toYaml .ctx.Values.podSecurityContext | nindent 2 }}
{{- with .ctx.Values.image.pullSecrets }}
imagePullSecrets:
  {{- range . }}
  - name: {{ . }}
  {{- end }}
{{- end }}
{{- with .cfg.priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
{{- with .cfg.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .cfg.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .cfg.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- if .cfg.topologySpread }}
topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: kubernetes.io/hostname
    whenUnsatisfiable: ScheduleAnyway
    labelSelector:
      matchLabels:
        {{- include "gc.selectorLabels" (dict "ctx" .ctx "component" .component) | nindent 8 }}
{{- end }}
{{- end -}}

{{/* HorizontalPodAutoscaler. Args: ctx, component, cfg. */}}
{{- define "gc.hpa" -}}
{{- $a := .cfg.autoscaling -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "gc.componentName" . }}
  labels:
    {{- include "gc.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "gc.componentName" . }}
  minReplicas: {{ int $a.minReplicas }}
  maxReplicas: {{ int $a.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ int $a.targetCPUUtilizationPercentage }}
    {{- if $a.targetMemoryUtilizationPercentage }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ int $a.targetMemoryUtilizationPercentage }}
    {{- end }}
  {{- with $a.behavior }}
  behavior:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}

{{/* PodDisruptionBudget. Args: ctx, component, cfg. */}}
{{- define "gc.pdb" -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "gc.componentName" . }}
  labels:
    {{- include "gc.labels" . | nindent 4 }}
spec:
  {{- if and (ne (toString .cfg.pdb.minAvailable) "") (ne (toString .cfg.pdb.minAvailable) "<nil>") }}
  minAvailable: {{ include "gc.intOrString" .cfg.pdb.minAvailable }}
  {{- else }}
  maxUnavailable: {{ include "gc.intOrString" .cfg.pdb.maxUnavailable }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "gc.selectorLabels" . | nindent 6 }}
{{- end -}}

{{/* 1 -> 1, "50%" -> "50%" (an IntOrString). */}}
{{- define "gc.intOrString" -}}
{{- if kindIs "string" . -}}
{{- if regexMatch "^[0-9]+$" . -}}{{ . }}{{- else -}}{{ . | quote }}{{- end -}}
{{- else -}}
{{- int . -}}
{{- end -}}
{{- end -}}

{{/*
A service's metrics port as an int; 0 when metricsPort is 0, null or unset (off).
Arg: the merged service settings.
*/}}
{{- define "gc.metricsPort" -}}
{{- int (.metricsPort | default 0) -}}
{{- end -}}

{{/*
Pod annotations: checksum/config, the prometheus.io/* scrape annotations when
metricsPort is not 0, then podAnnotations (which override them). Args: config (the
rendered ConfigMap data), metricsPort (int, 0 = no scrape annotations), extra (map).
*/}}
{{- define "gc.podAnnotations" -}}
{{- $ann := dict "checksum/config" (.config | sha256sum) -}}
{{- if .metricsPort -}}
{{- $_ := set $ann "prometheus.io/scrape" "true" -}}
{{- $_ := set $ann "prometheus.io/port" (toString .metricsPort) -}}
{{- $_ := set $ann "prometheus.io/path" "/metrics" -}}
{{- end -}}
{{- range $k, $v := (.extra | default dict) -}}
{{- $_ := set $ann $k (toString $v) -}}
{{- end -}}
{{- toYaml $ann -}}
{{- end -}}

{{/* The CA bundle of TLS to PostgreSQL, Redis, RabbitMQ and SMTP (values `tls`): "true"
     when a Secret or a ConfigMap is named. Args: the root context. */}}
{{- define "gc.tlsCa" -}}
{{- if or .Values.tls.caSecret .Values.tls.caConfigMap }}true{{ end -}}
{{- end -}}

{{/* The env entry naming the mounted CA bundle (TLS_CA_FILE, read by every binary,
     the migrations hook's migrate too). Args: the root context. */}}
{{- define "gc.tlsCaEnv" -}}
{{- if include "gc.tlsCa" . }}
- name: TLS_CA_FILE
  value: /etc/giving-console/tls/ca.pem
{{- end }}
{{- end -}}

{{/* The container's mount of the CA bundle. Args: the root context. */}}
{{- define "gc.tlsCaMount" -}}
{{- if include "gc.tlsCa" . }}
- name: tls-ca
  mountPath: /etc/giving-console/tls
  readOnly: true
{{- end }}
{{- end -}}

{{/* The pod's volume of the CA bundle: the key of the Secret or ConfigMap as ca.pem.
     Args: the root context. */}}
{{- define "gc.tlsCaVolume" -}}
{{- with .Values.tls }}
{{- if .caSecret }}
- name: tls-ca
  secret:
    secretName: {{ .caSecret }}
    items:
      - key: {{ .caKey }}
        path: ca.pem
{{- else if .caConfigMap }}
- name: tls-ca
  configMap:
    name: {{ .caConfigMap }}
    items:
      - key: {{ .caKey }}
        path: ca.pem
{{- end }}
{{- end }}
{{- end -}}
